import { Field, ID, Int, ObjectType, type FieldOptions } from 'type-graphql';
import type { AnnouncedField, WorkflowControlState } from '../services/shared/workflow-shapes';
import { WorkflowState } from './enums';

/** A field's GraphQL type, as `@Field` takes it. */
type ReturnTypeFunc = () => object;

/**
 * The GraphQL type of each field of a workflow's control state, in the schema's order: the
 * entity's `ANNOUNCED_FIELDS` between the id and the time, so the compiler asks here for a field
 * added there. Dates go as their ISO 8601 strings, as in the protocol's messages.
 */
const controlStateFields: Array<[keyof WorkflowControlState, ReturnTypeFunc, FieldOptions]> = [
  ['workflowId', () => ID, {}],
  ...Object.entries({
    state: [() => WorkflowState, {}],
    version: [() => Int, {}],
    reason: [() => String, { nullable: true }],
    resumeAfter: [() => String, { nullable: true }],
  } satisfies Record<AnnouncedField, [ReturnTypeFunc, FieldOptions]>).map(([name, [type, options]]) => [name as AnnouncedField, type, options] as [AnnouncedField, ReturnTypeFunc, FieldOptions]),
  ['updatedAt', () => String, { description: 'ISO 8601.' }],
];

@ObjectType('WorkflowControlState')
export class WorkflowControlStateType {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its fields are the derived shape's
export interface WorkflowControlStateType extends WorkflowControlState {}

for (const [name, type, options] of controlStateFields) Field(type, options)(WorkflowControlStateType.prototype, name);
