import { badInput } from '../../lib/errors';
import { readFields } from '../kit/body-fields';

/** A protocol body must be a JSON object. */
export function jsonObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badInput('body', 'The body must be a JSON object');
  return body as Record<string, unknown>;
}

/** A list of names, when given. */
function stringList(body: Record<string, unknown>, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw badInput(field, `${field} must be a list of strings`);
  return value as string[];
}

/** The `/gate` and `/execute` body as the `GateInput` of the guard subgraph. */
export function gateInput(rawBody: unknown): Record<string, unknown> {
  const body = jsonObject(rawBody);
  const fields = readFields(body, {
    organization_id: 'string?',
    execution_id: 'string?',
    trace_id: 'string?',
    tool: 'string?',
    mode: 'string?',
    check_type: 'string?',
    model: 'string?',
    estimated_tokens: 'integer?',
    operation_id: 'string?',
    idempotency_key: 'string?',
    chain_id: 'string?',
    chain_op: 'string?',
    workflow_id: 'string?',
    approval_id: 'string?',
  });
  return {
    organisationId: fields.organization_id,
    executionId: fields.execution_id,
    traceId: fields.trace_id,
    tool: fields.tool,
    input: body.input,
    mode: fields.mode,
    checkType: fields.check_type,
    model: fields.model,
    estimatedTokens: fields.estimated_tokens,
    operationId: fields.operation_id,
    idempotencyKey: fields.idempotency_key,
    tools: stringList(body, 'tools'),
    chainId: fields.chain_id,
    chainOp: fields.chain_op,
    workflowId: fields.workflow_id,
    approvalId: fields.approval_id,
  };
}
