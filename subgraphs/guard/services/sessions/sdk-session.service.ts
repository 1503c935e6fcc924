import type { EntityManager } from '@mikro-orm/core';
import { AppError, badInput } from '../../../../lib/errors';
import { checkRequiredText } from '../../../../lib/validation';
import { Workflow } from '../../entities';
import type { ChainRegistry } from '../executions/chain-registry';
import type { KeyCaller } from '../callers/key-authenticator';
import type { SdkCredentials } from '../callers/sdk-credentials';
import type { UsageReportService } from '../usage/usage-report.service';
import { requireBoundWorkflow } from '../callers/workflow-binding';

/** What `/status/{workflow_id}` answers. */
export interface WorkflowStatus {
  workflow: Workflow;
  /** LLM and tool calls of the workflow in the last minute. */
  ratePerMinute: number;
}

/** The SDK's session calls besides the gate and usage: verify a key, heartbeat a chain, read a status. */
export class SdkSessionService {
  constructor(
    private readonly em: EntityManager,
    private readonly credentials: SdkCredentials,
    private readonly chains: ChainRegistry,
    private readonly usage: UsageReportService,
  ) {}

  /** `/auth/verify`: whose key this is (the key travels in the body, unsigned). */
  verify(apiKey: string): Promise<KeyCaller> {
    if (apiKey.trim() === '') throw new AppError('API_KEY_MISSING');
    return this.credentials.holderOf(apiKey.trim());
  }

  async heartbeat(chainId: string): Promise<{ chainId: string; lastActive: Date }> {
    const caller = await this.credentials.signed();
    checkRequiredText(chainId, 'chainId', 128);
    requireBoundWorkflow(caller, await this.chains.ownerOf(caller.organisationId, chainId));
    const lastActive = await this.chains.heartbeat(caller.organisationId, chainId);
    if (!lastActive) throw badInput('chainId', 'No live chain has this id: start it through the gate first');
    return { chainId, lastActive };
  }

  async status(workflowId: string): Promise<WorkflowStatus> {
    const caller = await this.credentials.unsigned();
    const workflow = await this.em.findOne(Workflow, { id: workflowId, organisationId: caller.organisationId });
    if (!workflow) throw new AppError('WORKFLOW_NOT_FOUND', undefined, { field: 'workflowId' });
    requireBoundWorkflow(caller, workflow.id);
    const lastMinute = await this.usage.ofWorkflow(caller.organisationId, workflow.id, '1m');
    return { workflow, ratePerMinute: lastMinute.calls };
  }
}
