import { isAllowed, type RequestIdentity } from '../../../../lib/auth';
import { forbidden } from '../../../../lib/errors';
import { presentedApiKey, type KeyAuthenticator } from './key-authenticator';
import { requireBoundWorkflow } from './workflow-binding';

/** What a reader may see of an organisation: every workflow, or only the one its key is bound to. */
export interface ReadScope {
  /** The one workflow, or null for all. */
  workflowId: string | null;
}

/**
 * Who may see and steer an organisation's workflows. Operators act with a JWT: `workflow.update`
 * for the organisation controls it; `organisation.read` (members) or `workflow.update` reads
 * it. SDKs read with an API key of that organisation, and a key bound to a workflow reads that
 * workflow only.
 */
export class OrganisationAccess {
  constructor(
    private readonly identity: RequestIdentity,
    private readonly headers: Readonly<Record<string, string | undefined>>,
    private readonly keys: KeyAuthenticator,
  ) {}

  /** The operator acting (a JWT subject). */
  operatorId(): string {
    return this.identity.userId;
  }

  requireControl(organisationId: string): void {
    this.identity.authorize('workflow', 'update', { organisationId });
  }

  /** Refuses a reader of another organisation, or of another workflow than `workflowId` when given; answers what it may see. */
  async requireRead(organisationId: string, workflowId?: string): Promise<ReadScope> {
    if (presentedApiKey(this.headers) !== undefined) {
      const caller = await this.keys.identify(this.headers);
      if (caller.organisationId !== organisationId) throw forbidden('The API key belongs to another organisation');
      requireBoundWorkflow(caller, workflowId);
      return { workflowId: caller.workflowId };
    }
    const { perms } = this.identity.claims();
    const context = { organisationId };
    if (!isAllowed(perms, 'organisation', 'read', context) && !isAllowed(perms, 'workflow', 'update', context)) {
      throw forbidden('You may not read the workflows of this organisation');
    }
    return { workflowId: null };
  }
}
