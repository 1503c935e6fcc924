import { setTimeout as sleep } from 'node:timers/promises';
import { Agent } from 'undici';
import { acknowledged, sendLoadRequest, type LoadCaller, type LoadRequest } from '../../test/support/steady-load';
import type { TimedOutcome } from './reconciliation';

const TICK_MS = 10;
/** Kinds whose answer a flow reads afterwards (kept; others are dropped, as the run keeps every outcome). */
const KEEPS_BODY = new Set(['budget gate', 'control']);

/**
 * The chaos run's load over the callers of the replica spec (and the run's own): first a closed
 * loop that measures what the stack serves at most, then an open loop, each caller at a set rate. Every outcome is kept with its times, so errors can be set against the fault
 * windows and every acknowledged write looked for afterwards.
 */
export class ChaosLoad {
  readonly outcomes: TimedOutcome[] = [];
  /** Due requests not sent because `maxInFlight` were already waiting (the client's own backlog). */
  shed = 0;
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 128, headersTimeout: 60_000, bodyTimeout: 60_000 });
  private stopping = false;
  private readonly pending = new Set<Promise<unknown>>();
  private inFlight = 0;

  constructor(
    private readonly callers: LoadCaller[],
    /** Milliseconds since the run started. */
    private readonly clock: () => number,
  ) {}

  /**
   * A closed loop (each caller sends its next request once the last is answered) for `ms`: the
   * acknowledged requests a second of each caller, in the callers' order.
   */
  async measure(ms: number): Promise<number[]> {
    const until = this.clock() + ms;
    return Promise.all(
      this.callers.map(async (next) => {
        let answered = 0;
        while (this.clock() < until) {
          const load = next();
          if (!load) break;
          if (acknowledged(await this.send(load))) answered++;
        }
        return answered / (ms / 1000);
      }),
    );
  }

  /**
   * Starts each caller's requests at its own rate (`perSecond[i]` for caller i) until stopped,
   * whatever the answers' speed: an open loop, so each kind of request stays at its share and a
   * slow kind does not slow the others down.
   */
  pace(perSecond: number[], maxInFlight = 256): void {
    this.callers.forEach((caller, i) => {
      const rate = perSecond[i];
      if (!(rate > 0)) return;
      const started = this.clock();
      let sent = 0;
      const loop = async () => {
        while (!this.stopping) {
          const due = Math.floor(((this.clock() - started) / 1000) * rate) - sent;
          for (let n = 0; n < due; n++) {
            sent++;
            if (this.inFlight >= maxInFlight) {
              this.shed++;
              continue;
            }
            const load = caller();
            // A caller with nothing more to send (every feed subscription made) stops.
            if (!load) return;
            this.track(this.send(load));
          }
          await sleep(TICK_MS);
        }
      };
      this.track(loop());
    });
  }

  /** Runs `flow` (a client of its own, such as a gate-then-track agent) until stopped, each round as it comes. */
  repeat(flow: () => Promise<unknown>): void {
    this.track(
      (async () => {
        while (!this.stopping) await flow().catch(() => sleep(100));
      })(),
    );
  }

  /** Sends one request and keeps its outcome. */
  async send(load: LoadRequest): Promise<TimedOutcome> {
    const outcome: TimedOutcome = { request: load, startedAt: this.clock(), endedAt: 0 };
    this.inFlight++;
    const body = await sendLoadRequest(outcome, this.agent);
    this.inFlight--;
    if (body !== undefined && KEEPS_BODY.has(load.kind)) outcome.body = body;
    outcome.endedAt = this.clock();
    this.outcomes.push(outcome);
    return outcome;
  }

  /** Milliseconds since the run started. */
  now(): number {
    return this.clock();
  }

  get waiting(): number {
    return this.inFlight;
  }

  /** Stops starting requests and waits for those in flight. */
  async stop(): Promise<void> {
    this.stopping = true;
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.stop();
    await this.agent.close();
  }

  private track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }
}
