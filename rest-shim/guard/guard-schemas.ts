import { Type, type TSchema } from '@sinclair/typebox';
import { GUARD_PROTOCOL_VERSION } from '../../lib/guard-protocol';
import { ITEMS_JUDGED_ALONE } from '../kit/request-reader';
import { SafeInteger } from '../kit/wire-schemas';

/** The guard wire protocol's shapes (specs/guard-protocol.md, version 3), as its routes declare them. */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const optionalString = (description?: string) => Type.Optional(Type.String(description === undefined ? {} : { description }));

/** The protocol version every call but `/capabilities` must declare (a request without it gets 400 `PROTOCOL_HEADER_REQUIRED`). */
const ProtocolVersionHeader = Type.Literal(String(GUARD_PROTOCOL_VERSION), {
  description: `The protocol version, ${GUARD_PROTOCOL_VERSION} (\`X-NULLRUN-PROTOCOL\` is its synonym; an older or newer one gets 400 \`PROTOCOL_TOO_OLD\` or \`PROTOCOL_TOO_NEW\`)`,
});

/** Every protocol route but `/capabilities` reads these (the signature pair only when the key signs). */
export const ProtocolHeaders = Type.Object({
  'x-guard-protocol': ProtocolVersionHeader,
  'x-signature': Type.Optional(Type.String({ description: 'HMAC-SHA256 of the timestamp and the raw body, for signing keys' })),
  'x-signature-timestamp': Type.Optional(Type.String({ description: 'Unix seconds the signature was made at' })),
});

export const VerifyBody = Type.Object({ api_key: Type.String() });

export const GateBody = Type.Object({
  organization_id: optionalString('Must be the key’s organisation when given'),
  execution_id: optionalString('Minted by the server when absent'),
  trace_id: optionalString(),
  tool: optionalString('The tool about to run'),
  mode: optionalString('`soft`: a budget shortfall passes with a warning'),
  check_type: optionalString(),
  model: optionalString(),
  estimated_tokens: Type.Optional(SafeInteger()),
  operation_id: optionalString(),
  idempotency_key: optionalString('A retried call with the same key gets the same answer'),
  chain_id: optionalString(),
  chain_op: optionalString('start, continue, end or auto'),
  workflow_id: optionalString('A workflow id or name; else the key’s bound workflow'),
  approval_id: optionalString(),
  input: Type.Optional(Type.Unknown({ description: 'The tool’s input, kept with an approval request' })),
  tools: Type.Optional(Type.Array(Type.String(), { description: 'The tools the model may call' })),
});

export const TrackBatchBody = Type.Object({
  events: Type.Array(Type.Object({}, { description: 'One usage event (`event_id`, `type`, tokens, cost, …)' }), { description: 'At most 1,000 events', [ITEMS_JUDGED_ALONE]: true }),
});

export const TrackBody = Type.Object({
  reservation_id: Type.String(),
  tokens: Type.Optional(SafeInteger()),
  input_tokens: Type.Optional(SafeInteger()),
  output_tokens: Type.Optional(SafeInteger()),
  model: optionalString(),
  latency_ms: Type.Optional(SafeInteger()),
  idempotency_key: optionalString(),
});

export const HeartbeatBody = Type.Object({ chain_id: Type.String() });
export const CancelBody = Type.Object({ execution_id: Type.String(), reason: optionalString() });

export const WorkflowIdParam = Type.Object({ workflowId: Type.String() });
export const OrganisationIdParam = Type.Object({ organisationId: Type.String() });
export const UsageQuery = Type.Object({ window: Type.Optional(Type.String({ description: 'Like 1h, 24h or 7d; 24h when left out' })) });

export const WorkflowParam = Type.Object({ id: Type.String({ description: 'The workflow id' }) });
export const ReasonBody = Type.Object({ reason: optionalString() });
export const PauseBody = Type.Object({
  reason: optionalString(),
  resume_after: Type.Optional(Type.Union([Type.String(), Type.Number()], { description: 'An ISO 8601 date-time or unix seconds: the workflow resumes by itself then' })),
});

export const Capabilities = Type.Object(
  {
    protocol_version: Type.Integer(),
    min_protocol_version: Type.Integer(),
    max_protocol_version: Type.Integer(),
    server_version: Type.String(),
    sdk_min_version: Type.String(),
    capabilities: Type.Object({
      server_minted_execution_id: Type.Boolean(),
      per_execution_reservations: Type.Boolean(),
      heartbeat_time_based: Type.Boolean(),
      heartbeat_interval_seconds: Type.Integer(),
      chain_idle_ttl_seconds: Type.Integer(),
      idempotency_keys: Type.Boolean(),
    }),
  },
  { description: 'What this server speaks' },
);

export const KeyHolder = Type.Object(
  {
    organization_id: Type.String(),
    organization_name: Nullable(Type.String()),
    workflow_id: Nullable(Type.String()),
    key_version: Type.Integer(),
    secret_key: Type.Optional(Type.String({ description: 'The signing secret, for signing keys' })),
  },
  { description: 'Whose key this is' },
);

export const Decision = Type.Object(
  {
    decision: Type.String({ description: 'allow, block, throttle, require_approval or soft_pass; refusals are answers, not errors' }),
    decision_source: Type.Literal('gateway'),
    explanation: Type.String(),
    explanations: Type.Array(Type.String()),
    reservation_id: Nullable(Type.String()),
    operation_id: Nullable(Type.String()),
    execution_id: Type.String(),
    workflow_id: Nullable(Type.String()),
    remaining_budget_cents: Nullable(Type.Number()),
    projected_cost_cents: Type.Number(),
    details: Type.Record(Type.String(), Type.Unknown()),
    approval_id: Type.Optional(Type.String()),
    approval_timeout_seconds: Type.Optional(Nullable(Type.Integer())),
  },
  { description: 'The gate’s decision' },
);

export const IngestOutcome = Type.Object(
  {
    accepted_event_ids: Type.Array(Type.String()),
    rejected: Type.Array(Type.Object({ event_id: Nullable(Type.String()), reason: Type.String() })),
    actions: Type.Array(Type.Object({ type: Type.String(), workflow_id: Type.String(), reason: Type.String() })),
    messages: Type.Array(Type.Unknown()),
  },
  { description: 'What was accepted, what was not, and what the SDK should do' },
);

export const TrackOutcome = Type.Object({ status: Type.String() }, { description: 'How the usage was recorded' });
export const HeartbeatOutcome = Type.Object({ status: Type.Literal('ok'), chain_id: Type.String(), last_active: Type.String() }, { description: 'The chain is alive' });
export const CancelOutcome = Type.Object({ status: Type.Literal('ok'), execution_id: Type.String(), cancelled_at: Type.String() }, { description: 'Cancelled' });

export const Status = Type.Object(
  {
    workflow_id: Type.String(),
    state: Type.String(),
    version: Type.Integer(),
    reason: Nullable(Type.String()),
    updated_at: Type.String(),
    current_cost: Type.Number({ description: 'Spent so far, in cents' }),
    rate_per_minute: Type.Integer(),
  },
  { description: 'The workflow’s state and spend' },
);

export const Usage = Type.Object(
  { workflows: Type.Array(Type.Object({ workflow_id: Nullable(Type.String()), calls: Type.Integer(), tokens: Type.Number(), cost_cents: Type.Number() })) },
  { description: 'Usage per workflow over the window' },
);

export const WorkflowState = Type.Object(
  {
    workflow_id: Type.String(),
    state: Type.String(),
    version: Type.Integer(),
    reason: Nullable(Type.String()),
    updated_at: Type.String(),
    resume_after: Nullable(Type.String()),
  },
  { description: 'The workflow’s new state' },
);

/** The control channel's upgrade request. */
export const ControlParam = Type.Object({ organization_id: Type.String() });
export const ControlHeaders = Type.Object({
  upgrade: Type.Literal('websocket'),
  'sec-websocket-key': Type.String(),
  'sec-websocket-version': Type.String({ description: '13' }),
  'x-guard-protocol': ProtocolVersionHeader,
});
export const ControlMessages = Type.String({
  description:
    '101 Switching Protocols, then JSON messages: `initial_state` first, then `state_change` and `approval_resolved` (each with a `message_id` the client may `ack`); the client may send `{"type":"ping"}` and gets `{"type":"pong"}`',
});

/** The protocol's one error envelope. */
export const GuardError = Type.Object({
  error_code: Type.String({ description: 'VALIDATION_FAILED for every shape failure; else the domain’s code' }),
  error_message: Type.String(),
  details: Type.Record(Type.String(), Type.Unknown(), { description: '`field` names the offending field' }),
  retry_after_ms: Nullable(Type.Integer()),
});

export const guardSecurity = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'An organisation’s API key. A signing key also signs each body: `X-Signature` (HMAC-SHA256 of the timestamp and the raw body) and `X-Signature-Timestamp` (Unix seconds), declared on each route',
  },
  operatorToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An operator’s accounts token with workflow.update' },
};
