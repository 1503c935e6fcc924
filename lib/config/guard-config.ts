import { ConfigError, type EnvReader } from './env-reader';

/** What one model costs, in cents per 1,000 tokens. */
export interface ModelPrice {
  input: number;
  output: number;
}

export interface GuardConfig {
  /**
   * Model prices in cents per 1K tokens (`GUARD_MODEL_PRICES`, JSON `{"model": {"input": 0.25,
   * "output": 1}}`), added to and overriding the built-in table; a model is priced by its longest
   * matching name prefix, `*` prices the rest. @default the built-in table
   */
  modelPrices: Record<string, ModelPrice>;
  /** Requests per minute one API key may make when its own limit is unset (`GUARD_DEFAULT_RATE_PER_MINUTE`). @default 1200 */
  defaultRatePerMinute: number;
  /** How long an approval request (and a granted approval) lasts, in seconds (`GUARD_APPROVAL_TIMEOUT_SECONDS`). @default 300 */
  approvalTimeoutSeconds: number;
  /** How far a consumed cost may exceed its reservation, in cents, before `/track` refuses it (`GUARD_CONSUME_EPSILON_CENTS`). @default 1 */
  consumeEpsilonCents: number;
  /** An unconsumed reservation is released after this many seconds (`GUARD_RESERVATION_TTL_SECONDS`). @default 900 */
  reservationTtlSeconds: number;
  /** Seconds between protocol pings on `/ws/control` (`GUARD_CONTROL_PING_SECONDS`). @default 20 */
  controlPingSeconds: number;
  /**
   * While pubsub is away (Redis down), how often in ms each instance reads the workflows changed
   * lately from the database (`GUARD_OUTAGE_POLL_MS`), so that other instances' pauses and kills
   * still reach its gate and its subscribers. @default 1000
   */
  outagePollMs: number;
  /**
   * Whether every gate decision (allow, soft pass, each refusal with its reason) goes onto the
   * organisation's audit trail, written in the transaction that writes the call's reservation
   * (`GUARD_AUDIT_GATE_DECISIONS`). Control actions (pause, resume, kill, budget, policy, keys,
   * approvals) are always on it. @default true
   */
  auditGateDecisions: boolean;
}

/** Cents per 1K tokens, list prices of common models; unknown models pay the `*` price. */
export const DEFAULT_MODEL_PRICES: Record<string, ModelPrice> = {
  '*': { input: 0.3, output: 1.5 },
  'gpt-4o': { input: 0.25, output: 1 },
  'gpt-4o-mini': { input: 0.015, output: 0.06 },
  'gpt-4.1': { input: 0.2, output: 0.8 },
  'gpt-4.1-mini': { input: 0.04, output: 0.16 },
  'claude-3-5-sonnet': { input: 0.3, output: 1.5 },
  'claude-3-5-haiku': { input: 0.08, output: 0.4 },
  'claude-sonnet-4': { input: 0.3, output: 1.5 },
};

export function readGuardConfig(read: EnvReader): GuardConfig {
  return {
    modelPrices: { ...DEFAULT_MODEL_PRICES, ...readModelPrices(read.optionalString('GUARD_MODEL_PRICES')) },
    defaultRatePerMinute: read.integer('GUARD_DEFAULT_RATE_PER_MINUTE', 1200, { min: 1, max: 1_000_000 }),
    approvalTimeoutSeconds: read.integer('GUARD_APPROVAL_TIMEOUT_SECONDS', 300, { min: 1, max: 7 * 24 * 3600 }),
    consumeEpsilonCents: read.integer('GUARD_CONSUME_EPSILON_CENTS', 1, { min: 0, max: 1_000_000 }),
    reservationTtlSeconds: read.integer('GUARD_RESERVATION_TTL_SECONDS', 900, { min: 10, max: 7 * 24 * 3600 }),
    controlPingSeconds: read.integer('GUARD_CONTROL_PING_SECONDS', 20, { min: 1, max: 3600 }),
    outagePollMs: read.integer('GUARD_OUTAGE_POLL_MS', 1000, { min: 100, max: 60_000 }),
    auditGateDecisions: read.boolean('GUARD_AUDIT_GATE_DECISIONS', true),
  };
}

function readModelPrices(raw: string | undefined): Record<string, ModelPrice> {
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('GUARD_MODEL_PRICES', 'must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError('GUARD_MODEL_PRICES', 'must be a JSON object');
  const prices: Record<string, ModelPrice> = {};
  for (const [model, price] of Object.entries(parsed)) {
    const { input, output } = (price ?? {}) as Partial<ModelPrice>;
    const valid = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
    if (!valid(input) || !valid(output)) {
      throw new ConfigError('GUARD_MODEL_PRICES', `needs {"input": <cents>, "output": <cents>} for "${model}"`);
    }
    prices[model] = { input: input!, output: output! };
  }
  return prices;
}
