import { isAllowed, type RequestIdentity } from '../../../../lib/auth';
import { forbidden } from '../../../../lib/errors';
import { presentedApiKey, type KeyAuthenticator } from './key-authenticator';

/**
 * Who may see and steer an organisation's workflows. Operators act with a JWT: `workflow.update`
 * for the organisation controls it; `organisation.read` (members) or `workflow.update` reads
 * it. SDKs read with an API key of that organisation.
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

  async requireRead(organisationId: string): Promise<void> {
    if (presentedApiKey(this.headers) !== undefined) {
      const caller = await this.keys.identify(this.headers);
      if (caller.organisationId !== organisationId) throw forbidden('The API key belongs to another organisation');
      return;
    }
    const { perms } = this.identity.claims();
    const context = { organisationId };
    if (!isAllowed(perms, 'organisation', 'read', context) && !isAllowed(perms, 'workflow', 'update', context)) {
      throw forbidden('You may not read the workflows of this organisation');
    }
  }
}
