import { Agent, request, type Dispatcher } from 'undici';

/** One request of a load, and what its answer means. */
export interface LoadRequest {
  /** What it is (`event`, `product`, …): failures and stored rows are counted by kind. */
  kind: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * For a write: the key of the row a 2xx answer (its JSON body) says was stored, undefined when
   * it says nothing was. Absent for a read, which has nothing to look for afterwards.
   */
  stored?: (body: any) => string | undefined;
}

/** How one request ended. */
export interface LoadOutcome {
  request: LoadRequest;
  status?: number;
  /** The transport error's code, when no answer came. */
  error?: string;
  /** The start of a failed answer's body, to print. */
  answer?: string;
  /** For an acknowledged write, the key of its row. */
  storedKey?: string;
}

/** One caller of the load: the next request it sends, or undefined when it has nothing more to send. */
export type LoadCaller = () => LoadRequest | undefined;

export const acknowledged = (outcome: LoadOutcome): boolean => outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300 && (!outcome.request.stored || outcome.storedKey !== undefined);

/**
 * Sends `outcome.request` on `agent` and writes how it ended into `outcome`: the status, the start
 * of a failed answer, the key a write says it stored, or the transport error. Returns an
 * acknowledged answer's body (undefined for any other end), for a caller that reads it.
 */
export async function sendLoadRequest(outcome: LoadOutcome, agent: Dispatcher): Promise<string | undefined> {
  const load = outcome.request;
  try {
    const response = await request(load.url, { method: load.method, headers: load.headers, body: load.body, dispatcher: agent });
    outcome.status = response.statusCode;
    const text = await response.body.text();
    if (response.statusCode >= 300) {
      outcome.answer = text.slice(0, 300);
      return undefined;
    }
    if (load.stored) outcome.storedKey = load.stored(JSON.parse(text));
    return text;
  } catch (error) {
    outcome.error = (error as { code?: string }).code ?? String(error);
    return undefined;
  }
}

/**
 * A steady load: each caller sends its next request as soon as the last one is answered (closed
 * loop), until stopped. Every outcome is kept, so a test can count what failed and look for
 * every acknowledged write in the database afterwards. Paced by counts, never by time.
 */
export class SteadyLoad {
  readonly outcomes: LoadOutcome[] = [];
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
  private running: Promise<void>[] = [];
  private stopping = false;
  private acknowledgedCount = 0;
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  constructor(private readonly callers: LoadCaller[]) {}

  start(): void {
    this.running = this.callers.map((next) => this.call(next));
  }

  /** Resolves once `count` more requests than now have been acknowledged. */
  acknowledgedMore(count: number): Promise<void> {
    const target = this.acknowledgedCount + count;
    return new Promise((resolve) => this.waiters.push({ count: target, resolve }));
  }

  /** Lets every caller finish the request it has in flight, then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  async close(): Promise<void> {
    await this.stop();
    await this.agent.close();
  }

  /** Sends `load` once more, outside the load (a client retrying what failed). */
  send(load: LoadRequest): Promise<LoadOutcome> {
    return this.attempt(load);
  }

  private async call(next: LoadCaller): Promise<void> {
    while (!this.stopping) {
      const load = next();
      if (!load) return;
      const outcome = await this.attempt(load);
      this.outcomes.push(outcome);
      if (acknowledged(outcome)) this.counted();
    }
  }

  private async attempt(load: LoadRequest): Promise<LoadOutcome> {
    const outcome: LoadOutcome = { request: load };
    await sendLoadRequest(outcome, this.agent);
    return outcome;
  }

  private counted(): void {
    this.acknowledgedCount++;
    const due = this.waiters.filter((waiter) => waiter.count <= this.acknowledgedCount);
    this.waiters = this.waiters.filter((waiter) => waiter.count > this.acknowledgedCount);
    for (const waiter of due) waiter.resolve();
  }
}
