import { randomBytes } from 'node:crypto';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import type { SqlEntityManager } from '../../../../lib/db';
import { WebhookDelivery } from '../../entities';
import { sqlValue, tableOf } from '../store-tables';
import type { WebhookEvent } from './webhook-events';

/** A delivery a deliverer holds: what it needs to send it and to report the outcome. */
export interface ClaimedDelivery {
  id: number;
  storeId: number;
  appId: number;
  event: WebhookEvent;
  resourceId: number | null;
  url: string;
  /** Counting this one. */
  attempt: number;
  queuedAt: Date;
  claimToken: string;
}

interface ClaimedRow {
  id: number;
  store_id: number;
  app_id: number;
  event: string;
  resource_id: number | null;
  url: string;
  attempts: number;
  created_at: Date | number | string;
}

/**
 * Claims and settles outbox rows, so that instances sharing the outbox never send one delivery
 * twice. A claim is one statement: it picks the due rows, oldest first, and moves their due time
 * past a lease while writing a token of this claim. On PostgreSQL the pick locks its rows with
 * `FOR UPDATE SKIP LOCKED`, so concurrent claims take disjoint rows without waiting for each
 * other; SQLite runs one write at a time, which gives the same. A holder that dies leaves its rows
 * to fall due again when the lease ends. Every settlement names the token, so a holder that
 * outlived its lease (and lost the row to another) changes nothing.
 */
export class DeliveryClaims {
  constructor(private readonly leaseMs: number) {}

  /** Up to `limit` due deliveries, now held by the caller. */
  async claim(em: SqlEntityManager, limit: number, now = new Date()): Promise<ClaimedDelivery[]> {
    const table = tableOf(em, WebhookDelivery);
    // Most looks find nothing due: a read tells so without the write (SQLite's one writer lock, or row locks).
    const due = await em.execute<unknown[]>(`select id from ${table} where next_attempt_at <= ? limit 1`, [sqlValue(em, now)], 'all');
    if (due.length === 0) return [];
    const skipLocked = em.getDriver() instanceof BetterSqliteDriver ? '' : ' for update skip locked';
    const token = randomBytes(16).toString('hex');
    const rows = await em.execute<ClaimedRow[]>(
      `update ${table} set next_attempt_at = ?, claim_token = ?, attempts = attempts + 1, updated_at = ?
       where id in (select id from ${table} where next_attempt_at <= ? order by next_attempt_at, id limit ?${skipLocked})
       returning id, store_id, app_id, event, resource_id, url, attempts, created_at`,
      [sqlValue(em, new Date(now.getTime() + this.leaseMs)), token, sqlValue(em, now), sqlValue(em, now), limit],
      'all',
    );
    return rows
      .map((row) => ({
        id: row.id,
        storeId: row.store_id,
        appId: row.app_id,
        event: row.event as WebhookEvent,
        resourceId: row.resource_id,
        url: row.url,
        attempt: row.attempts,
        queuedAt: new Date(row.created_at),
        claimToken: token,
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** Delivered, or no longer wanted: the row goes. */
  async finish(em: SqlEntityManager, delivery: ClaimedDelivery): Promise<void> {
    await em.nativeDelete(WebhookDelivery, { id: delivery.id, claimToken: delivery.claimToken });
  }

  /** Failed: due again at `nextAttemptAt`, or given up when that is null. */
  async fail(em: SqlEntityManager, delivery: ClaimedDelivery, error: string, nextAttemptAt: Date | null): Promise<void> {
    await em.nativeUpdate(
      WebhookDelivery,
      { id: delivery.id, claimToken: delivery.claimToken },
      { nextAttemptAt, claimToken: null, lastError: error.slice(0, 300), gaveUpAt: nextAttemptAt ? null : new Date() },
    );
  }
}
