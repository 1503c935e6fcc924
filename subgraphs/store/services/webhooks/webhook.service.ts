import { isUniqueViolation, type SqlEntityManager } from '../../../../lib/db';
import { invalidField, notFound } from '../../../../lib/errors';
import { Webhook, WebhookDelivery } from '../../entities';
import type { AppAccessCheck } from '../apps/app-access';
import { refused } from '../catalog/catalog-errors';
import { idOrderedPage } from '../catalog/id-ordered-page';
import type { Page } from '../catalog/views';
import { readWebhookFields, type WebhookFields } from './webhook-rules';
import type { WebhookTargets } from './webhook-targets';

/** An app may keep this many webhooks in one store. */
export const MAX_WEBHOOKS = 100;
const TAKEN = 'has already been taken for this event';

const webhookNotFound = (id: number) => notFound(`Webhook ${id} not found`);

/** An app's webhooks in a store, as the app manages them (any scope: a valid token is enough). */
export class WebhookService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: AppAccessCheck,
    private readonly targets: WebhookTargets,
  ) {}

  /** The app's webhooks in the store, oldest first. */
  async list(storeId: number, page?: number | null, perPage?: number | null): Promise<Page<Webhook>> {
    const { appId } = await this.access.require(storeId);
    return idOrderedPage(this.em, Webhook, { storeId, appId }, page, perPage);
  }

  async get(storeId: number, id: number): Promise<Webhook> {
    const { appId } = await this.access.require(storeId);
    return this.find(this.em, storeId, appId, id);
  }

  /** A new webhook; the same event to the same URL twice is refused on `url`. */
  async create(storeId: number, fields: WebhookFields): Promise<Webhook> {
    const { appId } = await this.access.require(storeId);
    const { event, url } = await readWebhookFields(fields, this.targets, true);
    try {
      return await this.em.transactional(async (em) => {
        const count = await em.count(Webhook, { storeId, appId });
        if (count >= MAX_WEBHOOKS) throw refused(`An app can have at most ${MAX_WEBHOOKS} webhooks in a store`);
        if (await em.findOne(Webhook, { storeId, appId, event: event!, url: url! })) throw invalidField('url', TAKEN);
        const webhook = new Webhook({ storeId, appId, event: event!, url: url! });
        await em.persistAndFlush(webhook);
        return webhook;
      });
    } catch (error) {
      // The same registration made at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw invalidField('url', TAKEN);
      throw error;
    }
  }

  /** Changes the fields given; absent ones stay as they are. */
  async update(storeId: number, id: number, fields: WebhookFields): Promise<Webhook> {
    const { appId } = await this.access.require(storeId);
    const changes = await readWebhookFields(fields, this.targets, false);
    try {
      return await this.em.transactional(async (em) => {
        const webhook = await this.find(em, storeId, appId, id);
        const event = changes.event ?? webhook.event;
        const url = changes.url ?? webhook.url;
        if (await em.findOne(Webhook, { storeId, appId, event, url, id: { $ne: id } })) throw invalidField('url', TAKEN);
        em.assign(webhook, { event, url });
        webhook.updatedAt = new Date();
        return webhook;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('url', TAKEN);
      throw error;
    }
  }

  /** Removes the webhook; what was queued for it and not yet delivered goes too. */
  async delete(storeId: number, id: number): Promise<boolean> {
    const { appId } = await this.access.require(storeId);
    await this.em.transactional(async (em) => {
      const webhook = await this.find(em, storeId, appId, id);
      await em.nativeDelete(WebhookDelivery, { webhookId: webhook.id, gaveUpAt: null });
      em.remove(webhook);
    });
    return true;
  }

  /** One of the app's webhooks in the store: another app's is as unknown as a missing one. */
  private async find(em: SqlEntityManager, storeId: number, appId: number, id: number): Promise<Webhook> {
    const webhook = await em.findOne(Webhook, { id, storeId, appId });
    if (!webhook) throw webhookNotFound(id);
    return webhook;
  }
}
