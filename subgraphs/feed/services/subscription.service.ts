import { raw } from '@mikro-orm/core';
import { forUpdate, type SqlEntityManager } from '../../../lib/db';
import { notFound } from '../../../lib/errors';
import { Brand, FeedUser, isRecordId, newRecordId, Subscription } from '../entities';
import type { FeedSessionService } from './feed-session.service';

/**
 * Following brands. The subscription row and the brand's `subscriberCount` change in one
 * transaction: the row is inserted (or deleted) by a statement the unique (user, brand) pair
 * makes idempotent, and the count moves by exactly the rows that statement touched, with an
 * atomic `subscriber_count ± 1`. So the count equals the rows under any interleaving.
 */
export class SubscriptionService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly sessions: FeedSessionService,
  ) {}

  /** Subscribes the caller; subscribing again changes nothing. */
  async subscribe(brandId: string): Promise<Brand> {
    const user = await this.sessions.currentUser();
    return this.changeSubscription(brandId, async (em, brand) => {
      const now = new Date();
      const result = await em
        .createQueryBuilder(Subscription)
        .insert({ id: newRecordId(), user: user.id, brand: brand.id, createdAt: now, updatedAt: now })
        .onConflict(['user', 'brand'])
        .ignore()
        .execute('run');
      return result.affectedRows;
    }, +1);
  }

  /** Unsubscribes the caller; unsubscribing when not subscribed changes nothing. */
  async unsubscribe(brandId: string): Promise<Brand> {
    const user = await this.sessions.currentUser();
    return this.changeSubscription(brandId, (em, brand) => em.nativeDelete(Subscription, { user: user.id, brand: brand.id }), -1);
  }

  /** The brands a user follows, in the order they subscribed. */
  async brandsOf(user: FeedUser): Promise<Brand[]> {
    const subscriptions = await this.em.find(Subscription, { user: user.id }, { populate: ['brand'], orderBy: { createdAt: 'asc', id: 'asc' } });
    return subscriptions.map((subscription) => subscription.brand);
  }

  /**
   * Locks the brand (404 when it is gone: a brand deleted meanwhile cannot gain a subscriber),
   * applies `change`, and moves the count by `direction` for each row it touched.
   */
  private async changeSubscription(
    brandId: string,
    change: (em: SqlEntityManager, brand: Brand) => Promise<number>,
    direction: 1 | -1,
  ): Promise<Brand> {
    if (!isRecordId(brandId)) throw notFound('Brand not found');
    await this.em.transactional(async (em) => {
      const brand = await em.findOne(Brand, { id: brandId }, forUpdate<Brand>(em));
      if (!brand) throw notFound('Brand not found');
      const touched = await change(em, brand);
      if (touched > 0) {
        await em
          .createQueryBuilder(Brand)
          .update({ subscriberCount: raw('subscriber_count + ?', [direction * touched]) })
          .where({ id: brand.id })
          .execute('run');
      }
    });
    // Read after commit: the count as it stands now, with every other committed change in it.
    const brand = await this.em.findOne(Brand, { id: brandId }, { refresh: true });
    if (!brand) throw notFound('Brand not found');
    return brand;
  }
}
