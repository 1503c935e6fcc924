import { debugLog } from '../debug-log';
import { BreakerError } from '../errors/breaker-error';
import { SvcConfigError } from '../errors/config-errors';
import { raise, reportError, type ErrorContext } from '../hooks/error-hooks';
import { formatUserMessage } from '../messages/user-messages';
import type { InitOptions } from '../config/settings';
import { Runtime, type ShutdownOptions, type ShutdownReport } from './runtime';
import type { StatusSnapshot } from './status-snapshot';

let live: Runtime | null = null;
let starting: Promise<Runtime> | null = null;

/** Delivers what is buffered when the event loop runs dry, for scripts that never call shutdown(). */
const shutdownBeforeExit = () => void shutdown();

/**
 * Starts the process-wide runtime: checks the gateway's protocol (`/capabilities`) and the key
 * (`/auth/verify`), opens the control channel and instruments `fetch`. The key is `apiKey` or
 * `SVC_API_KEY`; without one it rejects with SvcAuthenticationError `SV-C001`. A rejected key
 * rejects with SvcAuthError, a protocol mismatch with SvcProtocolError. An unreachable gateway
 * does not reject: the runtime starts `offline` and catches up later.
 *
 * Calling it again while a runtime is live returns that runtime; `shutdown()` first to change
 * settings. Pass a `Runtime` you constructed to set what `init` reads from the environment.
 */
export async function init(options: InitOptions | Runtime = {}): Promise<Runtime> {
  if (live && !live.isStopped) {
    debugLog('init: the SDK is already initialised; returning the live runtime');
    return live;
  }
  starting ??= startRuntime(options).finally(() => {
    starting = null;
  });
  return starting;
}

/** Like `init`, but an SDK error prints its user message on stderr and exits with code 1. */
export async function initOrDie(options: InitOptions | Runtime = {}): Promise<Runtime> {
  try {
    return await init(options);
  } catch (error) {
    if (!(error instanceof BreakerError)) throw error;
    process.stderr.write(`${formatUserMessage(error)}\n`);
    debugLog('initOrDie', error.message);
    process.exit(1);
  }
}

/** The live runtime, or null. */
export function currentRuntime(): Runtime | null {
  return live && !live.isStopped ? live : null;
}

/** The live runtime; raises SvcConfigError `SV-C002` (hooks fire) when `init` was not called. */
export function requireRuntime(stage: string): Runtime {
  const runtime = currentRuntime();
  if (runtime) return runtime;
  return raise(new SvcConfigError(`The SDK is not initialised: call init() before ${stage}`, { errorCode: 'SV-C002' }), {
    stage,
    workflowId: null,
    toolName: null,
    apiKeyPrefix: null,
  });
}

/** A frozen snapshot of the runtime's health; synchronous and side-effect free. */
export function status(): StatusSnapshot {
  return requireRuntime('status()').status();
}

/**
 * Closes the control channel with a clean close frame, delivers buffered events for up to
 * `timeout` ms (unless `flush: false`) and stops every timer. Never rejects; safe to call twice
 * or without `init`.
 */
export async function shutdown(options: ShutdownOptions = {}): Promise<ShutdownReport> {
  // a runtime still starting would otherwise go live after this shutdown
  if (starting) await starting.catch(() => undefined);
  const runtime = live;
  live = null;
  process.removeListener('beforeExit', shutdownBeforeExit);
  if (!runtime) return Object.freeze({ eventsDelivered: 0, eventsLost: 0 });
  return runtime.shutdown(options);
}

async function startRuntime(options: InitOptions | Runtime): Promise<Runtime> {
  const context: ErrorContext = { stage: 'init', workflowId: null, toolName: null, apiKeyPrefix: null };
  let runtime: Runtime;
  try {
    runtime = options instanceof Runtime ? options : new Runtime(options);
  } catch (error) {
    return raise(error, context);
  }
  try {
    await runtime.start();
  } catch (error) {
    await runtime.shutdown({ flush: false, timeout: 0 });
    reportError(error, { ...context, apiKeyPrefix: runtime.apiKeyPrefix });
    throw error;
  }
  live = runtime;
  // once: a runtime shut down directly leaves the listener of the singleton behind
  if (!process.listeners('beforeExit').includes(shutdownBeforeExit)) process.on('beforeExit', shutdownBeforeExit);
  return runtime;
}
