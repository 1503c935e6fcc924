import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionContext } from '@mikro-orm/core';
import { Workflow } from '../subgraphs/guard/entities';
import { guardDatabase } from '../subgraphs/guard/guard-database';
import { scratchOrmForSuite } from '../test/support/scratch-domain-database';
import { sqlEntityManager } from '../lib/db/sql-entity-manager';

/**
 * The purpose of patches/@mikro-orm+core+6.6.16.patch, checked so that an install that lost the
 * patch (or an upgrade that dropped it) fails here rather than going on slower and unnoticed:
 * MikroORM's AsyncLocalStorages (a flush, a transaction, `findAndCount`) are disabled once no run
 * of them is left, so on Node.js 20 no promise of the process pays the async hooks meanwhile.
 */

/** Node.js 20 marks an AsyncLocalStorage that keeps the async hooks on with `enabled`. */
const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled?: boolean }).enabled;

/** The storage of `em.transactional` (private in MikroORM's types). */
const transactions = (TransactionContext as unknown as { storage: AsyncLocalStorage<unknown> }).storage;

/** The AsyncLocalStorages `work` runs, and the answer of `work`. */
async function storagesRunBy<T>(work: () => Promise<T>): Promise<{ storages: Set<AsyncLocalStorage<unknown>>; answer: T }> {
  const storages = new Set<AsyncLocalStorage<unknown>>();
  const original = AsyncLocalStorage.prototype.run;
  const spy = jest.spyOn(AsyncLocalStorage.prototype, 'run').mockImplementation(function (this: AsyncLocalStorage<unknown>, ...args) {
    storages.add(this);
    return original.apply(this, args as Parameters<typeof original>);
  });
  try {
    return { storages, answer: await work() };
  } finally {
    spy.mockRestore();
  }
}

const maybe = enabled(transactions) === undefined ? describe.skip : describe;

maybe('MikroORM with its AsyncLocalStorages released between runs', () => {
  const ormOf = scratchOrmForSuite(guardDatabase, 'sqlite');

  it('leaves none enabled after a flush, a transaction and a findAndCount', async () => {
    const { storages, answer } = await storagesRunBy(async () => {
      await ormOf().em.fork().persistAndFlush(new Workflow('org-released', 'flushed', 100));
      await sqlEntityManager(ormOf().em.fork()).transactional(async (em) => {
        em.persist(new Workflow('org-released', 'in a transaction', 100));
        await em.flush();
      });
      return ormOf().em.fork().findAndCount(Workflow, { organisationId: 'org-released' });
    });
    expect(answer[1]).toBe(2);
    expect(storages.size).toBe(3);
    expect([...storages].map(enabled)).toEqual([false, false, false]);
  });

  it('keeps a transaction’s context across its awaits while another overlaps it, and releases it after the last', async () => {
    // Transactions of one SQLite connection run one at a time: the contexts overlap here without one.
    const orm = ormOf();
    const [one, two] = [orm.em.fork(), orm.em.fork()];
    let releaseOne!: () => void;
    const oneMayEnd = new Promise<void>((resolve) => (releaseOne = resolve));
    const seen: boolean[] = [];
    const first = TransactionContext.create(one, async () => {
      await oneMayEnd;
      seen.push(TransactionContext.getEntityManager(orm.em.name) === one);
    });
    await TransactionContext.create(two, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(TransactionContext.getEntityManager(orm.em.name) === two);
    });
    expect(enabled(transactions)).toBe(true);
    releaseOne();
    await first;
    expect(seen).toEqual([true, true]);
    expect(enabled(transactions)).toBe(false);
    expect(TransactionContext.getEntityManager(orm.em.name)).toBeUndefined();
  });
});
