/**
 * The fields of a `/gate` and `/execute` body (specs/guard-protocol.md) and their names in the
 * guard graph's `GateInput`, in the order the input lists them. The shim's routes validate the
 * body's types (rest-shim/guard/guard-schemas.ts); the bench sends the same input straight to the
 * gateway, so both map a body here.
 */
const GATE_FIELDS = {
  organization_id: 'organisationId',
  execution_id: 'executionId',
  trace_id: 'traceId',
  tool: 'tool',
  input: 'input',
  mode: 'mode',
  check_type: 'checkType',
  model: 'model',
  estimated_tokens: 'estimatedTokens',
  operation_id: 'operationId',
  idempotency_key: 'idempotencyKey',
  tools: 'tools',
  chain_id: 'chainId',
  chain_op: 'chainOp',
  workflow_id: 'workflowId',
  approval_id: 'approvalId',
} as const;

type GateFields = typeof GATE_FIELDS;
const WIRE_NAMES = Object.keys(GATE_FIELDS) as Array<keyof GateFields>;

/** A gate body: any of the protocol's fields, typed by whoever declares the body. */
export type GateBodyFields = { [Wire in keyof GateFields]?: unknown };

/** A gate body under the graph's names, each field keeping its type (undefined where the body has none). */
export type GateInputOf<Body extends GateBodyFields> = {
  [Wire in keyof GateFields as GateFields[Wire]]: Wire extends keyof Body ? Body[Wire] : undefined;
};

/** The `/gate` and `/execute` body as the `GateInput` of the guard subgraph: every field renamed, nothing else. */
export function gateInput<Body extends GateBodyFields>(body: Body): GateInputOf<Body> {
  const input: Record<string, unknown> = {};
  for (const wire of WIRE_NAMES) input[GATE_FIELDS[wire]] = body[wire];
  return input as GateInputOf<Body>;
}
