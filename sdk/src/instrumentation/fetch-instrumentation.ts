import { currentScope, type CallScope } from '../context/call-scope';
import { debugLog } from '../debug-log';
import { UsageAccumulator, type LlmUsage } from './llm-usage';
import { SseReader } from './sse-reader';

export interface FetchInstrumentationOptions {
  /** Hosts (`name` or `name:port`) whose POSTs are LLM calls. */
  hosts: readonly string[];
  /** Receives the `llm_call` fields and the scope the call was made in. */
  record(fields: Record<string, unknown>, scope: CallScope): void;
}

/** Paths of completion-style endpoints: a 2xx answer there is an LLM call even without usage. */
const COMPLETION_PATH = /\/(chat\/completions|completions|responses|messages)\/?$/;

/**
 * Replaces global `fetch` with one that records an `llm_call` event for every POST to an LLM
 * host: model and token usage read from the JSON answer, or from the stream as it is consumed
 * (the caller gets the same bytes, untouched). Inside a protected call the request also follows
 * the call's AbortSignal, so a kill stops the model call too. Returns the function that puts
 * the original fetch back (unless someone replaced it again since).
 */
export function instrumentFetch(options: FetchInstrumentationOptions): () => void {
  const original = globalThis.fetch;
  const hosts = new Set(options.hosts.map((host) => host.toLowerCase()));

  const instrumented = async function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = urlOf(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (!url || method !== 'POST' || !(hosts.has(url.host.toLowerCase()) || hosts.has(url.hostname.toLowerCase()))) {
      return original(input, init);
    }
    const scope = currentScope();
    const started = performance.now();
    const response = await original(input, followCallSignal(input, init, scope));
    if (!response.ok || !response.body) return response;
    const requestModel = modelOfBody(init?.body);
    const finish = (usage: LlmUsage, streamed: boolean) => {
      if (!usage.reported && !COMPLETION_PATH.test(url.pathname)) return;
      options.record(
        {
          tokens: usage.inputTokens + usage.outputTokens,
          input_tokens: usage.inputTokens,
          output_tokens: usage.outputTokens,
          model: usage.model ?? requestModel ?? 'unknown',
          latency_ms: Math.round(performance.now() - started),
          provider: url.host,
          endpoint: url.pathname,
          streamed,
          ...(usage.reported ? {} : { usage_missing: true }),
        },
        scope,
      );
    };
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('text/event-stream')) return observeStream(response, (usage) => finish(usage, true));
    if (contentType.includes('json')) {
      response
        .clone()
        .json()
        .then((body: unknown) => {
          const usage = new UsageAccumulator();
          usage.observe(body);
          finish(usage.result(), false);
        })
        .catch((error: unknown) => debugLog('could not read LLM usage', error instanceof Error ? error.message : error));
    }
    return response;
  };

  globalThis.fetch = instrumented as typeof fetch;
  return () => {
    if (globalThis.fetch === (instrumented as typeof fetch)) globalThis.fetch = original;
  };
}

/** The same response, whose body reports the usage it carried once it ends or is cancelled. */
function observeStream(response: Response, done: (usage: LlmUsage) => void): Response {
  const usage = new UsageAccumulator();
  const reader = new SseReader((payload) => usage.observe(payload));
  const source = response.body!.getReader();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    reader.end();
    done(usage.result());
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await source.read();
        if (ended) {
          finish();
          controller.close();
          return;
        }
        reader.push(value);
        controller.enqueue(value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel(reason) {
      finish();
      return source.cancel(reason);
    },
  });
  const observed = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  // a constructed Response has no url; clients read it for error messages and retries
  Object.defineProperties(observed, { url: { value: response.url }, redirected: { value: response.redirected } });
  return observed;
}

function followCallSignal(input: string | URL | Request, init: RequestInit | undefined, scope: CallScope): RequestInit | undefined {
  const callSignal = scope.call?.signal;
  if (!callSignal) return init;
  // the signal in init replaces the Request's own, so keep the Request's when init has none
  const own = init?.signal ?? (input instanceof Request ? input.signal : undefined);
  return { ...init, signal: own ? AbortSignal.any([own, callSignal]) : callSignal };
}

function urlOf(input: string | URL | Request): URL | null {
  try {
    if (input instanceof URL) return input;
    return new URL(typeof input === 'string' ? input : input.url);
  } catch {
    return null;
  }
}

function modelOfBody(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed = JSON.parse(body) as { model?: unknown };
    return typeof parsed.model === 'string' ? parsed.model : null;
  } catch {
    return null;
  }
}
