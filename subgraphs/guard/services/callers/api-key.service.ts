import type { EntityManager } from '@mikro-orm/core';
import type { PubSub } from '../../../../lib/pubsub';
import { badInput, notFound } from '../../../../lib/errors';
import { ApiKey, Workflow } from '../../entities';
import { mintApiKey, mintSigningSecret } from './api-key-secrets';
import { checkRatePerMinute } from './api-key-rules';
import { Topic, type Topics } from '../shared/topics';
import type { OrganisationAccess } from './organisation-access';

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

/** Issuing, listing, limiting and revoking API keys; operators only (`workflow.update`). */
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
    await this.em.persistAndFlush(apiKey);
    return { apiKey, key: minted.key, secret };
  }

  async listOf(organisationId: string): Promise<ApiKey[]> {
    this.access.requireControl(organisationId);
    return this.em.find(ApiKey, { organisationId }, { orderBy: { createdAt: 'asc' } });
  }

  revoke(id: string): Promise<ApiKey> {
    return this.change(id, (apiKey) => {
      apiKey.revokedAt ??= new Date();
    });
  }

  setRateLimit(id: string, requestsPerMinute: number | null): Promise<ApiKey> {
    const rate = requestsPerMinute === null ? null : checkRatePerMinute(requestsPerMinute);
    return this.change(id, (apiKey) => {
      apiKey.ratePerMinute = rate;
      apiKey.version += 1;
    });
  }

  private async change(id: string, apply: (apiKey: ApiKey) => void): Promise<ApiKey> {
    const apiKey = await this.em.findOne(ApiKey, { id });
    if (!apiKey) throw notFound('No API key has this id');
    this.access.requireControl(apiKey.organisationId);
    apply(apiKey);
    await this.em.flush();
    await this.pubsub.publish(Topic.ApiKeyChanged, { keyHash: apiKey.keyHash });
    return apiKey;
  }
}
