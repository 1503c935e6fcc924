import type { DomainOrm } from '../../../../lib/db';
import type { Logger } from '../../../../lib/logging';
import type { PubSub } from '../../../../lib/pubsub';
import { ApiKey } from '../../entities';
import { CoalescedReads } from '../shared/coalesced-reads';
import { Topic, type Topics } from '../shared/topics';

/** What the guard needs to know about the key a request presents. */
export interface KeyGrant {
  keyId: string;
  organisationId: string;
  workflowId: string | null;
  prefix: string;
  signingSecret: string | null;
  signingRequired: boolean;
  ratePerMinute: number | null;
  version: number;
  revoked: boolean;
}

const REFRESH_AFTER_MS = 60_000;
const MISS_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  grant: KeyGrant | undefined;
  loadedAt: number;
}

/**
 * API keys by hash, read once and then served from memory; a revocation or change anywhere
 * drops the entry on every instance (pubsub). Unknown hashes are remembered briefly, so a
 * client hammering with a bad key does not hammer the database.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reads = new CoalescedReads<KeyGrant | undefined>();

  constructor(
    private readonly orm: DomainOrm,
    private readonly logger: Logger,
  ) {}

  async listen(pubsub: PubSub<Topics>): Promise<() => void> {
    return pubsub.subscribe(Topic.ApiKeyChanged, ({ keyHash }) => this.invalidate(keyHash));
  }

  async lookup(hash: string): Promise<KeyGrant | undefined> {
    const entry = this.entries.get(hash);
    if (entry) {
      const age = Date.now() - entry.loadedAt;
      if (entry.grant && age > REFRESH_AFTER_MS) void this.load(hash).catch((error: unknown) => this.logger.warn({ err: error }, 'api key refresh failed'));
      if (entry.grant || age < MISS_TTL_MS) return entry.grant;
    }
    return this.load(hash);
  }

  invalidate(hash: string): void {
    this.entries.delete(hash);
    this.reads.invalidate(hash);
  }

  private load(hash: string): Promise<KeyGrant | undefined> {
    return this.reads.read(hash, () => this.read(hash), (grant) => {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(hash, { grant, loadedAt: Date.now() });
    });
  }

  private async read(hash: string): Promise<KeyGrant | undefined> {
    const key = await this.orm.em.fork().findOne(ApiKey, { keyHash: hash });
    if (!key) return undefined;
    return {
      keyId: key.id,
      organisationId: key.organisationId,
      workflowId: key.workflowId,
      prefix: key.prefix,
      signingSecret: key.signingSecret,
      signingRequired: key.signingRequired,
      ratePerMinute: key.ratePerMinute,
      version: key.version,
      revoked: key.revokedAt !== null,
    };
  }
}
