import { wrap } from '@mikro-orm/core';
import type { DomainOrm } from '../../../lib/db';
import { createScratchDomainDatabase, TEST_DIALECTS, type ScratchDomainDatabase } from '../../../test/support/scratch-domain-database';
import { Brand } from '../entities';
import { feedDatabase } from '../feed-database';
import { readAvailableBrands } from './brand-reads';

describe.each(TEST_DIALECTS)('brand reads [%s]', (dialect) => {
  let database: ScratchDomainDatabase;
  let orm: DomainOrm;

  beforeAll(async () => {
    database = await createScratchDomainDatabase(feedDatabase, dialect);
    orm = await database.open();
    const brand = (name: string, isFeatured: boolean, availability = true) =>
      new Brand({ name, description: `About ${name}`, url: `https://${name}.example.com`, featuredImage: `https://${name}.example.com/logo.png`, availability, isFeatured });
    const brands = [brand('first', true), brand('second', false), brand('hidden', true, false), brand('third', true)];
    brands.forEach((each, index) => (each.createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, index))));
    await orm.em.fork().persistAndFlush(brands);
  });
  afterAll(() => database.drop());

  it('lists the available brands as an entity read does, booleans and dates typed alike, oldest first', async () => {
    const entities = await orm.em.fork().find(Brand, { availability: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const rows = await readAvailableBrands(orm.em.fork(), null);
    expect(rows).toEqual(entities.map((entity) => ({ ...wrap(entity).toObject() })));
    expect(rows.map((row) => row.name)).toEqual(['first', 'second', 'third']);
    expect(rows[0]).toMatchObject({ isFeatured: true, availability: true, subscriberCount: 0, createdAt: new Date(Date.UTC(2026, 0, 1)) });
  });

  it('narrows to the featured brands, or to the others', async () => {
    expect((await readAvailableBrands(orm.em.fork(), true)).map((row) => row.name)).toEqual(['first', 'third']);
    expect((await readAvailableBrands(orm.em.fork(), false)).map((row) => row.name)).toEqual(['second']);
  });
});
