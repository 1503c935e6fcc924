import type { EntityManager } from '@mikro-orm/core';
import type { PubSub } from '../../../../lib/pubsub';
import { badInput, notFound } from '../../../../lib/errors';
import { ApiKey, Workflow } from '../../entities';
import { mintApiKey, mintSigningSecret } from './api-key-secrets';
import { checkRatePerMinute } from './api-key-rules';
import { Topic, type Topics } from '../shared/topics';
import type { OrganisationAccess } from './organisation-access';
import { appendAudit } from '../audit/audit-append';

/** A key as it is handed over once: the only time the key and its secret are shown. */
export interface IssuedApiKey {
  apiKey: ApiKey;
  key: string;
  secret: string | null;
}

export interface ApiKeyOptions {
  workflowId?: string | null;
  signing?: boolean;
  signingRequired?: boolean;
}

/** Issuing, listing, limiting and revoking API keys; operators only (`workflow.update`); each change on the audit trail with it. */
export class ApiKeyService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: OrganisationAccess,
    private readonly pubsub: PubSub<Topics>,
  ) {}

  async create(organisationId: string, options: ApiKeyOptions): Promise<IssuedApiKey> {
    this.access.requireControl(organisationId);
    const workflowId = options.workflowId ?? null;
    if (workflowId !== null && !(await this.em.count(Workflow, { id: workflowId, organisationId }))) {
      throw badInput('workflowId', 'The organisation has no workflow with this id');
    }
    const signingRequired = options.signingRequired ?? false;
    const secret = options.signing || signingRequired ? mintSigningSecret() : null;
    const minted = mintApiKey();
    const apiKey = new ApiKey({ organisationId, workflowId, keyHash: minted.hash, prefix: minted.prefix, signingSecret: secret, signingRequired });
    await this.em.transactional(async (em) => {
      await em.persistAndFlush(apiKey);
      const details = { prefix: apiKey.prefix, signing: secret !== null, signingRequired };
      await appendAudit(em, [{ organisationId, actor: this.actor(), action: 'key.created', workflowId, subject: apiKey.id, details }]);
    });
    return { apiKey, key: minted.key, secret };
  }

  async listOf(organisationId: string): Promise<ApiKey[]> {
    this.access.requireControl(organisationId);
    return this.em.find(ApiKey, { organisationId }, { orderBy: { createdAt: 'asc' } });
  }

  revoke(id: string): Promise<ApiKey> {
    return this.change(id, 'key.revoked', (apiKey) => {
      if (apiKey.revokedAt) return false;
      apiKey.revokedAt = new Date();
      return { prefix: apiKey.prefix };
    });
  }

  setRateLimit(id: string, requestsPerMinute: number | null): Promise<ApiKey> {
    const rate = requestsPerMinute === null ? null : checkRatePerMinute(requestsPerMinute);
    return this.change(id, 'key.rate_limit', (apiKey) => {
      const before = apiKey.ratePerMinute;
      apiKey.ratePerMinute = rate;
      apiKey.version += 1;
      return { prefix: apiKey.prefix, requestsPerMinuteBefore: before, requestsPerMinute: rate };
    });
  }

  /** Applies a change and puts it on the audit trail (`false` from `apply`: nothing changed), in one transaction. */
  private async change(id: string, action: string, apply: (apiKey: ApiKey) => false | Record<string, unknown>): Promise<ApiKey> {
    const apiKey = await this.em.transactional(async (em) => {
      const found = await em.findOne(ApiKey, { id });
      if (!found) throw notFound('No API key has this id');
      this.access.requireControl(found.organisationId);
      const details = apply(found);
      if (details === false) return found;
      await em.flush();
      await appendAudit(em, [{ organisationId: found.organisationId, actor: this.actor(), action, workflowId: found.workflowId, subject: found.id, details }]);
      return found;
    });
    await this.pubsub.publish(Topic.ApiKeyChanged, { keyHash: apiKey.keyHash });
    return apiKey;
  }

  private actor(): string {
    return `user:${this.access.operatorId()}`;
  }
}
