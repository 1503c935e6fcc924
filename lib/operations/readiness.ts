/** One thing a process needs before it can serve: its database, Redis, an upstream. */
export interface ReadinessCheck {
  /** Names the dependency in the `/readyz` body, e.g. `database`, `redis`, `subgraph accounts`. */
  name: string;
  /** Resolves when the dependency answers; rejects (with a message saying why) when it does not. */
  probe(signal: AbortSignal): Promise<void>;
  /**
   * Whether the process cannot serve without it. A dependency it only works better with (Redis,
   * which carries signals between instances that also reach them through the database) makes
   * the process `degraded` when down: still ready, so a load balancer keeps sending it requests.
   * @default true
   */
  required?: boolean;
}

export interface CheckOutcome {
  status: 'up' | 'down';
  /** Why it is down; never a stack trace or a credential. */
  error?: string;
}

export interface Readiness {
  /** `ready`: every check up; `degraded`: only checks that are not required are down; `unready`: a required one is. */
  status: 'ready' | 'degraded' | 'unready';
  checks: Record<string, CheckOutcome>;
}

/** How long one probe may take before its dependency counts as down. */
export const PROBE_TIMEOUT_MS = 2000;

/** Runs every check at once, each bounded by the probe timeout. */
export async function assessReadiness(checks: readonly ReadinessCheck[], timeoutMs = PROBE_TIMEOUT_MS): Promise<Readiness> {
  const outcomes = await Promise.all(
    checks.map(async (check): Promise<[string, CheckOutcome]> => {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        await Promise.race([check.probe(signal), abortedBy(signal, timeoutMs)]);
        return [check.name, { status: 'up' }];
      } catch (error) {
        return [check.name, { status: 'down', error: reasonOf(error) }];
      }
    }),
  );
  const down = checks.filter((_check, index) => outcomes[index][1].status === 'down');
  const status = down.length === 0 ? 'ready' : down.every((check) => check.required === false) ? 'degraded' : 'unready';
  return { status, checks: Object.fromEntries(outcomes) };
}

/** Settles a probe that ignores its signal (a driver call with no way to cancel it). */
function abortedBy(signal: AbortSignal, timeoutMs: number): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new Error(`no answer within ${timeoutMs} ms`)), { once: true });
  });
}

function reasonOf(error: unknown): string {
  // Duck-typed: errors from another realm (a vm context, a test runner) fail `instanceof Error`.
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { name, message, cause } = error as { name?: string; message: string; cause?: { code?: string; message?: string } };
    if (name === 'TimeoutError' || name === 'AbortError') return 'no answer in time';
    // fetch wraps the useful part (ECONNREFUSED, a bad port) in `cause`.
    const detail = cause?.code ?? cause?.message;
    return detail ? `${message} (${detail})` : message;
  }
  return String(error);
}
