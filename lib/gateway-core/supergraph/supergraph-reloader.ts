import type { SupergraphManager } from '@apollo/gateway';
import type { Logger } from '../../logging';
import { supergraphInfo, supergraphLoadedAt, supergraphReloadFailures, supergraphReloads } from '../../metrics';
import type { ReadinessCheck } from '../../operations';
import { checkSupergraph, SupergraphRefused, supergraphHash } from './supergraph-checks';
import type { SupergraphSource } from './supergraph-source';

/** The supergraph being served, and the last one refused since (if any). */
export interface SupergraphStatus {
  origin: string;
  hash: string;
  loadedAt: Date;
  /** Whether changes to the source are followed (`SUPERGRAPH_WATCH`, or a polled `SUPERGRAPH_URL`). */
  following: boolean;
  refused?: { reason: string; message: string; at: Date; hash?: string };
}

/**
 * @apollo/gateway's supergraph manager over one source (a file, a URL): the text read at start,
 * then each new text checked (supergraph-checks, then @apollo/gateway's own validation of the
 * supergraph) and handed to the gateway's `update`, which swaps the schema and the query planner
 * between two operations. Operations in flight finish on the schema they started with; open
 * subscriptions are streams of their subgraphs and are not touched. A text refused leaves the one
 * before serving, with an error log line, `gateway_supergraph_reload_failures_total{reason}` and
 * a `supergraph` check down in `/readyz` (not required: the process still serves) until a good
 * one loads. The gateway's `healthCheck` is not used (docs/decisions/supergraph-reloads-live.md).
 */
export class SupergraphReloader implements SupergraphManager {
  private current: { text: string; hash: string; loadedAt: Date } | undefined;
  private refused: SupergraphStatus['refused'];
  /** The last text refused, so the same bad file seen twice is refused (and logged) once. */
  private refusedText: string | undefined;

  constructor(
    private readonly source: SupergraphSource,
    private readonly following: boolean,
    private readonly logger: Logger,
  ) {}

  async initialize({ update }: { update: (supergraphSdl: string) => void }): Promise<{ supergraphSdl: string; cleanup?: () => Promise<void> }> {
    const text = await this.source.read();
    const checked = checkSupergraph(text);
    this.served(text, checked.hash);
    this.logger.info({ origin: this.source.origin, hash: checked.hash, following: this.following }, 'supergraph loaded');
    if (!this.following) return { supergraphSdl: checked.gatewaySdl };
    let stopped = false;
    const unfollow = this.source.follow({
      changed: (next) => {
        if (!stopped) this.offer(next, update);
      },
      unchanged: () => {
        if (this.refused?.reason === 'unreadable') this.refused = undefined;
      },
      unreadable: (error) => {
        if (!stopped) this.refuse(undefined, new SupergraphRefused('unreadable', error.message));
      },
    });
    return {
      supergraphSdl: checked.gatewaySdl,
      cleanup: async () => {
        stopped = true;
        unfollow();
      },
    };
  }

  status(): SupergraphStatus {
    if (!this.current) throw new Error('The supergraph is not loaded yet');
    return { origin: this.source.origin, hash: this.current.hash, loadedAt: this.current.loadedAt, following: this.following, refused: this.refused };
  }

  /** `/readyz`'s `supergraph` check: down, with why, while the newest text seen is refused. Not required. */
  readinessCheck(): ReadinessCheck {
    return {
      name: 'supergraph',
      required: false,
      probe: async () => {
        const { refused, hash, loadedAt } = this.status();
        if (refused) throw new Error(`${refused.message} (at ${refused.at.toISOString()}); still serving ${hash}, loaded at ${loadedAt.toISOString()}`);
      },
    };
  }

  /** A new text from the source: served if it passes, else refused with the one before still serving. */
  private offer(text: string, update: (supergraphSdl: string) => void): void {
    if (text === this.current?.text) {
      this.refused = undefined;
      this.refusedText = undefined;
      return;
    }
    if (text === this.refusedText) return;
    let checked;
    try {
      checked = checkSupergraph(text);
      update(checked.gatewaySdl);
    } catch (error) {
      const refusal = error instanceof SupergraphRefused ? error : new SupergraphRefused('invalid', `not a valid supergraph: ${(error as Error).message}`);
      this.refuse(text, refusal);
      return;
    }
    const previous = this.current?.hash;
    this.served(text, checked.hash);
    supergraphReloads.inc();
    this.logger.info({ origin: this.source.origin, hash: checked.hash, previous }, 'supergraph reloaded');
  }

  private served(text: string, hash: string): void {
    this.current = { text, hash, loadedAt: new Date() };
    this.refused = undefined;
    this.refusedText = undefined;
    supergraphInfo.reset();
    supergraphInfo.set({ hash }, 1);
    supergraphLoadedAt.set(this.current.loadedAt.getTime() / 1000);
  }

  private refuse(text: string | undefined, refusal: SupergraphRefused): void {
    const unreadable = refusal.reason === 'unreadable';
    supergraphReloadFailures.inc({ reason: refusal.reason });
    // A source that stays unreadable (a URL down) is counted on every poll, and logged when its reason changes.
    if (!unreadable || this.refused?.message !== refusal.message) {
      this.logger.error(
        { origin: this.source.origin, reason: refusal.reason, error: refusal.message, serving: this.current?.hash },
        'supergraph refused: the one before keeps serving',
      );
    }
    this.refused = { reason: refusal.reason, message: refusal.message, at: new Date(), hash: text === undefined ? undefined : supergraphHash(text) };
    this.refusedText = text;
  }
}
