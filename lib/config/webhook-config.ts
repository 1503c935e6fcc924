import { ConfigError, type EnvReader } from './env-reader';

/** How the store subgraph delivers webhooks (specs/store.md, "Webhooks"). */
export interface WebhookConfig {
  /**
   * Let webhooks target private, loopback and link-local addresses, and plain `http`
   * (`STORE_WEBHOOK_ALLOW_PRIVATE`): for development and tests only. @default false
   */
  allowPrivateTargets: boolean;
  /**
   * Length in ms of one minute of the retry schedule (`STORE_WEBHOOK_RETRY_UNIT_MS`): at once, then
   * after 5, 10 and 15 minutes, then ×1.4 each time, within 48 hours. Tests shorten it. @default 60000
   */
  retryUnitMs: number;
  /** Attempts before a delivery is given up (`STORE_WEBHOOK_MAX_ATTEMPTS`). @default 18 */
  maxAttempts: number;
  /** How long a receiver has to answer 2xx, in ms (`STORE_WEBHOOK_TIMEOUT_MS`). @default 10000 */
  timeoutMs: number;
  /**
   * How long a claimed delivery stays its deliverer's, in ms (`STORE_WEBHOOK_LEASE_MS`); past it, a
   * delivery whose deliverer died falls due again. Longer than the timeout. @default 60000
   */
  leaseMs: number;
  /** How often an idle deliverer looks for due deliveries queued by other instances, in ms (`STORE_WEBHOOK_POLL_MS`). @default 1000 */
  pollMs: number;
  /** Deliveries one instance sends at the same time (`STORE_WEBHOOK_CONCURRENCY`). @default 8 */
  concurrency: number;
}

export function readWebhookConfig(read: EnvReader): WebhookConfig {
  const timeoutMs = read.integer('STORE_WEBHOOK_TIMEOUT_MS', 10_000, { min: 100, max: 120_000 });
  const leaseMs = read.integer('STORE_WEBHOOK_LEASE_MS', 60_000, { min: 200, max: 3_600_000 });
  if (leaseMs <= timeoutMs) throw new ConfigError('STORE_WEBHOOK_LEASE_MS', `must be longer than STORE_WEBHOOK_TIMEOUT_MS (${timeoutMs}), got ${leaseMs}`);
  return {
    allowPrivateTargets: read.boolean('STORE_WEBHOOK_ALLOW_PRIVATE', false),
    retryUnitMs: read.integer('STORE_WEBHOOK_RETRY_UNIT_MS', 60_000, { min: 1, max: 3_600_000 }),
    maxAttempts: read.integer('STORE_WEBHOOK_MAX_ATTEMPTS', 18, { min: 1, max: 100 }),
    timeoutMs,
    leaseMs,
    pollMs: read.integer('STORE_WEBHOOK_POLL_MS', 1000, { min: 10, max: 60_000 }),
    concurrency: read.integer('STORE_WEBHOOK_CONCURRENCY', 8, { min: 1, max: 100 }),
  };
}
