import { SvcTransportError } from '../errors/transport-errors';
import type { SvcError } from '../errors/breaker-error';
import type { RuntimeSettings } from '../config/settings';
import { PROTOCOL_VERSION, SDK_VERSION } from '../version';
import { CircuitBreaker } from './circuit-breaker';
import { isRecord } from '../is-record';
import { errorFromResponse, type GuardErrorBody } from './response-errors';
import { injectTraceContext } from '../telemetry/gen-ai-spans';
import { RequestSigner } from './signing';

/** Told about every exchange, so the runtime can say whether the gateway is reachable. */
export interface ContactObserver {
  /** A 2xx answer. */
  reached(): void;
  /** A 4xx answer: the gateway is there but said no (a refused key, a protocol mismatch, a rate limit...). */
  answered(error: SvcError): void;
  unreachable(error: SvcError): void;
}

export interface RequestOptions {
  /** Send without X-API-Key and protocol header (`/capabilities`). */
  anonymous?: boolean;
  /** Go out even when the breaker is open (the probe, shutdown flush). */
  bypassBreaker?: boolean;
  /** Never sign (`/auth/verify`, which is how a signing key learns its secret). */
  unsigned?: boolean;
  timeoutMs?: number;
}

/**
 * The SDK's one HTTP path to the guard gateway: protocol headers, body signing, timeouts, the
 * circuit breaker, and the mapping of every failure to an SDK error. It throws without
 * reporting; callers report with the context they know.
 */
export class GuardClient {
  /** Set by `/auth/verify` when the key has a signing secret and none was configured. */
  signingSecret: string | undefined;
  readonly breaker = new CircuitBreaker();
  private readonly signer = new RequestSigner();

  constructor(
    private readonly settings: RuntimeSettings,
    private readonly fetchImpl: typeof fetch,
    private readonly observer: ContactObserver,
  ) {
    this.signingSecret = settings.hmacSecret;
  }

  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.send<T>('GET', path, undefined, options);
  }

  post<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.send<T>('POST', path, JSON.stringify(body), options);
  }

  private async send<T>(method: string, path: string, rawBody: string | undefined, options: RequestOptions): Promise<T> {
    const endpoint = `/api/v1${path}`;
    if (!options.bypassBreaker && !this.breaker.allows()) {
      throw new SvcTransportError(`${endpoint}: the gateway failed repeatedly; not calling it for a moment`, {
        endpoint,
        source: 'BREAKER_OPEN',
      });
    }
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.settings.apiBase}${path}`, {
        method,
        headers: this.headersFor(rawBody, options),
        body: rawBody,
        signal: AbortSignal.timeout(options.timeoutMs ?? this.settings.requestTimeoutMs),
      });
    } catch (cause) {
      const error = new SvcTransportError(`${endpoint}: the gateway is unreachable (${describe(cause)})`, { endpoint, cause });
      this.breaker.failed();
      this.observer.unreachable(error);
      throw error;
    }
    const text = await response.text().catch(() => '');
    const body = parseJson(text);
    if (response.status >= 200 && response.status < 300) {
      this.breaker.succeeded();
      this.observer.reached();
      return body as T;
    }
    const error = errorFromResponse({
      status: response.status,
      endpoint,
      body: isRecord(body) ? (body as GuardErrorBody) : {},
      retryAfterHeader: response.headers.get('retry-after'),
    });
    if (response.status >= 500) {
      this.breaker.failed();
      this.observer.unreachable(error);
    } else {
      this.breaker.succeeded();
      this.observer.answered(error);
    }
    throw error;
  }

  private headersFor(rawBody: string | undefined, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': `switchyard-sdk-node/${SDK_VERSION}` };
    if (rawBody !== undefined) headers['content-type'] = 'application/json';
    injectTraceContext(headers);
    if (options.anonymous) return headers;
    headers['x-api-key'] = this.settings.apiKey;
    headers['x-guard-protocol'] = String(PROTOCOL_VERSION);
    if (rawBody !== undefined && this.signingSecret && !options.unsigned) {
      Object.assign(headers, this.signer.headers(this.signingSecret, this.settings.apiKey, rawBody));
    }
    return headers;
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as { cause?: unknown }).cause;
    return inner instanceof Error ? `${cause.message}: ${inner.message}` : cause.message;
  }
  return String(cause);
}
