import type { EntityManager } from '@mikro-orm/core';
import { PreparedRead } from '../../../../lib/db';
import { Workflow } from '../../entities';
import type { WorkflowRecord } from '../shared/workflow-shapes';

export type { WorkflowRecord };

/**
 * An organisation's workflows, as `Organisation.workflows` lists them for every caller that
 * asks (the console, the SDK's status): prepared once, returned as rows (see PreparedRead).
 */
const workflowsOf = new PreparedRead(Workflow, ['organisationId'], (qb, param) => qb.select('*').where({ organisationId: param('organisationId') }).orderBy({ createdAt: 'asc' }));
const boundWorkflowOf = new PreparedRead(Workflow, ['organisationId', 'id'], (qb, param) =>
  qb.select('*').where({ organisationId: param('organisationId'), id: param('id') }),
);

/** The organisation's workflows, oldest first; only `workflowId` when the reader is bound to it. */
export async function readWorkflowsOf(em: EntityManager, organisationId: string, workflowId: string | null): Promise<WorkflowRecord[]> {
  const rows = workflowId === null ? await workflowsOf.all(em, { organisationId }) : await boundWorkflowOf.all(em, { organisationId, id: workflowId });
  return rows as WorkflowRecord[];
}
