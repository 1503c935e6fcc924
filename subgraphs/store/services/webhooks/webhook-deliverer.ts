import type { WebhookConfig } from '../../../../lib/config';
import { sqlEntityManager, type DomainOrm } from '../../../../lib/db';
import type { Logger } from '../../../../lib/logging';
import { webhookDeliveries } from '../../../../lib/metrics';
import { App } from '../../entities';
import type { AppSecrets } from '../apps/app-secrets';
import { servedAppIds } from '../apps/served-installations';
import { heldBehindAppEvent } from './app-event-order';
import { DeliveryClaims, type ClaimedDelivery } from './delivery-claims';
import { nextAttemptAt } from './retry-schedule';
import { WebhookSender } from './webhook-sender';
import { isAppEvent } from './webhook-events';

/**
 * Sends what the outbox owes, in the store subgraph's process: every instance runs one, and they
 * share the outbox through `DeliveryClaims`. It claims as many due deliveries as it has free slots
 * (`concurrency`), sends them at the same time, and claims again as slots free; with nothing due it
 * waits for the doorbell (a delivery queued here was committed) or for `pollMs` (one queued by
 * another instance, or a retry falling due).
 */
export class WebhookDeliverer {
  private readonly claims: DeliveryClaims;
  private readonly sender: WebhookSender;
  private readonly inFlight = new Set<Promise<void>>();
  private running?: Promise<void>;
  private stopping = false;
  private rung = false;
  private wake?: () => void;

  constructor(
    private readonly orm: DomainOrm,
    private readonly secrets: AppSecrets,
    private readonly settings: WebhookConfig,
    private readonly logger: Logger,
  ) {
    this.claims = new DeliveryClaims(settings.leaseMs);
    this.sender = new WebhookSender(settings);
  }

  start(): void {
    this.running ??= this.run();
  }

  /** Something was queued: look now rather than at the next poll. */
  ring(): void {
    this.rung = true;
    this.wake?.();
  }

  /** Stops claiming, lets the deliveries under way finish (each within the timeout), and closes the connections. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    await Promise.allSettled([...this.inFlight]);
    await this.sender.close();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.rung = false;
      const free = this.settings.concurrency - this.inFlight.size;
      let claimed: ClaimedDelivery[] = [];
      if (free > 0) {
        try {
          claimed = await this.claims.claim(this.em(), free);
        } catch (error) {
          this.logger.warn({ err: error }, 'webhook deliveries could not be claimed; trying again at the next poll');
        }
        for (const delivery of claimed) this.track(this.deliver(delivery));
      }
      // A full claim may have left more due rows behind; otherwise wait for news.
      if (claimed.length === 0 || claimed.length < free || this.inFlight.size >= this.settings.concurrency) await this.pause();
    }
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => {
      this.inFlight.delete(work);
      // A slot is free again.
      this.ring();
    });
  }

  private pause(): Promise<void> {
    if (this.rung || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.settings.pollMs);
      this.wake = done;
    });
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const em = this.em();
    const log = this.logger.child({ deliveryId: delivery.id, storeId: delivery.storeId, appId: delivery.appId, event: delivery.event, attempt: delivery.attempt });
    try {
      // Catalog events go only to apps the store still serves (uninstalled or, with billing, suspended since: dropped).
      if (!isAppEvent(delivery.event) && !(await servedAppIds(em, delivery.storeId, [delivery.appId])).has(delivery.appId)) {
        await this.claims.finish(em, delivery);
        webhookDeliveries.inc({ event: delivery.event, outcome: 'dropped' });
        log.info('webhook dropped: the app is no longer served by the store');
        return;
      }
      const heldUntil = await heldBehindAppEvent(em, delivery, this.settings.pollMs);
      if (heldUntil) {
        await this.claims.postpone(em, delivery, heldUntil);
        log.debug({ heldUntil }, 'webhook held behind an earlier app event of its app');
        return;
      }
      const app = await em.findOne(App, { id: delivery.appId }, { fields: ['clientSecretSeed'] });
      const outcome = app
        ? await this.sender.send({ ...delivery, deliveryId: delivery.id, clientSecret: this.secrets.secretOf(app.clientSecretSeed) })
        : { delivered: false as const, error: 'the app no longer exists' };
      if (outcome.delivered) {
        await this.claims.finish(em, delivery);
        webhookDeliveries.inc({ event: delivery.event, outcome: 'delivered' });
        log.debug('webhook delivered');
        return;
      }
      const next = app ? nextAttemptAt({ unitMs: this.settings.retryUnitMs, maxAttempts: this.settings.maxAttempts }, delivery.queuedAt, delivery.attempt, new Date()) : null;
      await this.claims.fail(em, delivery, outcome.error, next);
      webhookDeliveries.inc({ event: delivery.event, outcome: next ? 'failed' : 'gave_up' });
      if (next) log.info({ error: outcome.error, nextAttemptAt: next }, 'webhook delivery failed; will retry');
      // The first retry is due at once: claim it now rather than at the next poll.
      if (next && next.getTime() <= Date.now()) this.ring();
      else log.warn({ error: outcome.error }, 'webhook delivery failed for the last time; given up');
    } catch (error) {
      // The database failed while settling: the lease runs out and the delivery is tried again.
      log.error({ err: error }, 'webhook delivery could not be settled');
    }
  }

  private em() {
    return sqlEntityManager(this.orm.em.fork());
  }
}
