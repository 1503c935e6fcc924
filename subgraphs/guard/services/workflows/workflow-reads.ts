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

/**
 * The organisation's workflows, oldest first; only `workflowId` when the reader is bound to it.
 * With `properties`, only those are read (what the caller's selection asks for): the rows hold no others.
 */
export async function readWorkflowsOf(em: EntityManager, organisationId: string, workflowId: string | null, properties?: readonly string[]): Promise<WorkflowRecord[]> {
  const rows =
    workflowId === null ? await workflowsOf.all(em, { organisationId }, properties) : await boundWorkflowOf.all(em, { organisationId, id: workflowId }, properties);
  return rows as WorkflowRecord[];
}
