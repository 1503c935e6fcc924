import { ANNOUNCED_FIELDS, type Workflow } from '../../entities';

/**
 * A workflow's shapes, derived from its entity (the one declaration of its fields) and from
 * `ANNOUNCED_FIELDS` beside it: adding a column or an announced field edits neither this file
 * nor its users.
 */

/** A workflow's columns, as reads return them (rows, not entities). */
export type WorkflowRecord = { [K in keyof Workflow as Workflow[K] extends (...args: never[]) => unknown ? never : K]: Workflow[K] };

export type AnnouncedField = (typeof ANNOUNCED_FIELDS)[number];

/** What an announcement of a workflow change is made from. */
export type AnnouncedWorkflow = Pick<Workflow, 'id' | 'organisationId' | 'changedAt' | AnnouncedField>;

/** A value as JSON carries it: a date as its ISO 8601 string. */
type OnTheWire<T> = T extends Date ? string : T;

/** A workflow's control state as the control channel tells it: `changedAt` is the protocol's `updatedAt`. */
export type WorkflowControlState = { workflowId: string } & { [K in AnnouncedField]: OnTheWire<Workflow[K]> } & { updatedAt: string };

/** The pubsub announcement of a change: the control state, and whose it is. */
export type WorkflowChangedMessage = WorkflowControlState & { organisationId: string };

/** The fields a read of changed workflows needs to announce them (WorkflowChanges). */
export const ANNOUNCED_COLUMNS = ['organisationId', ...ANNOUNCED_FIELDS, 'changedAt'] as const;

const onTheWire = <T>(value: T): OnTheWire<T> => (value instanceof Date ? value.toISOString() : value) as OnTheWire<T>;

export function workflowChangedMessage(workflow: AnnouncedWorkflow): WorkflowChangedMessage {
  const state: Record<string, unknown> = { workflowId: workflow.id, organisationId: workflow.organisationId };
  for (const field of ANNOUNCED_FIELDS) state[field] = onTheWire(workflow[field]);
  state.updatedAt = workflow.changedAt.toISOString();
  return state as WorkflowChangedMessage;
}
