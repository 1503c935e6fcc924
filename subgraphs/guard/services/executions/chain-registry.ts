import type { DomainOrm } from '../../../../lib/db';
import { isUniqueViolation } from '../../../../lib/db';
import type { Logger } from '../../../../lib/logging';
import type { PubSub } from '../../../../lib/pubsub';
import { Chain } from '../../entities';
import { Topic, type Topics } from '../shared/topics';

/** A chain idle longer than this has expired (`chain_idle_ttl_seconds`). */
export const CHAIN_IDLE_TTL_SECONDS = 300;
const IDLE_TTL_MS = CHAIN_IDLE_TTL_SECONDS * 1000;

interface KnownChain {
  rowId: string;
  /** The workflow of the gate call that started it (null when none governed it). */
  workflowId: string | null;
  lastActiveAt: number;
  ended: boolean;
}

export type ChainStep = 'live' | 'expired';

/**
 * Chains the gate has seen. Starting or ending a chain is written at once (rare, and an end is
 * announced to every instance); a `continue` is answered from memory and its activity written
 * behind, coalesced. What memory says is expired is checked against the database before a call
 * is refused: another instance may have seen the chain more recently.
 */
export class ChainRegistry {
  private readonly known = new Map<string, KnownChain>();
  private readonly touched = new Map<string, Date>();

  constructor(
    private readonly orm: DomainOrm,
    private readonly pubsub: PubSub<Topics>,
    private readonly logger: Logger,
  ) {}

  /** An ended chain is forgotten on every instance. */
  listen(): Promise<() => void> {
    return this.pubsub.subscribe(Topic.ChainEnded, ({ organisationId, chainKey }) => this.known.delete(this.keyOf(organisationId, chainKey)));
  }

  async start(organisationId: string, chainKey: string, workflowId: string | null): Promise<void> {
    const em = this.orm.em.fork();
    const now = new Date();
    let chain = await em.findOne(Chain, { organisationId, chainKey });
    if (chain) Object.assign(chain, { lastActiveAt: now, endedAt: null, workflowId: workflowId ?? chain.workflowId });
    else em.persist((chain = new Chain(organisationId, chainKey, workflowId)));
    try {
      await em.flush();
    } catch (error) {
      // Two instances started the same chain at once: the other's row serves as well.
      if (!isUniqueViolation(error)) throw error;
      chain = await this.orm.em.fork().findOneOrFail(Chain, { organisationId, chainKey });
    }
    this.known.set(this.keyOf(organisationId, chainKey), { rowId: chain.id, workflowId: chain.workflowId, lastActiveAt: now.getTime(), ended: false });
  }

  /** Extends a live chain; `expired` when it ended, idled out or was never started. */
  async continue(organisationId: string, chainKey: string): Promise<ChainStep> {
    const key = this.keyOf(organisationId, chainKey);
    let chain = this.known.get(key);
    if (!chain || !isLive(chain)) chain = await this.read(organisationId, chainKey);
    if (!chain || !isLive(chain)) return 'expired';
    chain.lastActiveAt = Date.now();
    this.touched.set(chain.rowId, new Date(chain.lastActiveAt));
    return 'live';
  }

  async isLive(organisationId: string, chainKey: string): Promise<boolean> {
    const chain = this.known.get(this.keyOf(organisationId, chainKey)) ?? (await this.read(organisationId, chainKey));
    return chain !== undefined && isLive(chain);
  }

  /** The workflow a chain belongs to; undefined when the organisation has no such chain. */
  async ownerOf(organisationId: string, chainKey: string): Promise<string | null | undefined> {
    const chain = this.known.get(this.keyOf(organisationId, chainKey)) ?? (await this.read(organisationId, chainKey));
    return chain?.workflowId;
  }

  async end(organisationId: string, chainKey: string): Promise<void> {
    const em = this.orm.em.fork();
    await em.nativeUpdate(Chain, { organisationId, chainKey }, { endedAt: new Date() });
    this.known.delete(this.keyOf(organisationId, chainKey));
    await this.pubsub.publish(Topic.ChainEnded, { organisationId, chainKey });
  }

  /** Marks the chain alive now; undefined when there is no such live chain. */
  async heartbeat(organisationId: string, chainKey: string): Promise<Date | undefined> {
    if (!(await this.isLive(organisationId, chainKey))) return undefined;
    const now = new Date();
    await this.orm.em.fork().nativeUpdate(Chain, { organisationId, chainKey, endedAt: null }, { lastActiveAt: now });
    const known = this.known.get(this.keyOf(organisationId, chainKey));
    if (known) known.lastActiveAt = now.getTime();
    return now;
  }

  /** Writes the activity seen since the last call, one UPDATE per chain. */
  async flush(): Promise<void> {
    if (this.touched.size === 0) return;
    const batch = [...this.touched];
    this.touched.clear();
    const em = this.orm.em.fork();
    try {
      await em.transactional(async (tx) => {
        for (const [rowId, at] of batch) await tx.nativeUpdate(Chain, { id: rowId, lastActiveAt: { $lt: at } }, { lastActiveAt: at });
      });
    } catch (error) {
      this.logger.warn({ err: error, chains: batch.length }, 'could not record chain activity');
    }
    // Forget chains long idle; the database still knows them.
    for (const [key, chain] of this.known) if (!isLive(chain)) this.known.delete(key);
  }

  private async read(organisationId: string, chainKey: string): Promise<KnownChain | undefined> {
    const row = await this.orm.em.fork().findOne(Chain, { organisationId, chainKey });
    if (!row) return undefined;
    const chain = { rowId: row.id, workflowId: row.workflowId, lastActiveAt: row.lastActiveAt.getTime(), ended: row.endedAt !== null };
    this.known.set(this.keyOf(organisationId, chainKey), chain);
    return chain;
  }

  private keyOf(organisationId: string, chainKey: string): string {
    return `${organisationId}\u0000${chainKey}`;
  }
}

function isLive(chain: KnownChain): boolean {
  return !chain.ended && Date.now() - chain.lastActiveAt <= IDLE_TTL_MS;
}
