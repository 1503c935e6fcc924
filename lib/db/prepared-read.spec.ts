import { Brand } from '../../subgraphs/feed/entities';
import { feedDatabase } from '../../subgraphs/feed/feed-database';
import { scratchOrmForSuite, TEST_DIALECTS } from '../../test/support/scratch-domain-database';
import { PreparedRead } from './prepared-read';

describe.each(TEST_DIALECTS)('PreparedRead on %s', (dialect) => {
  const ormOf = scratchOrmForSuite(feedDatabase, dialect);
  const byName = new PreparedRead(Brand, ['name'], (qb, param) => qb.select('*').where({ name: param('name') }));

  beforeAll(async () => {
    const brand = new Brand({ name: 'Narrow', description: 'a long story', url: 'https://narrow.example.com', featuredImage: 'https://narrow.example.com/logo.png', availability: true, isFeatured: false });
    await ormOf().em.fork().persistAndFlush(brand);
  });

  it('reads every column of the query, or only the properties asked for, each choice prepared once', async () => {
    const em = ormOf().em.fork();
    const [whole] = await byName.all(em, { name: 'Narrow' });
    expect(whole).toMatchObject({ name: 'Narrow', description: 'a long story', availability: true, subscriberCount: 0, createdAt: expect.any(Date) });
    for (let i = 0; i < 2; i++) {
      const [narrow] = await byName.all(em, { name: 'Narrow' }, ['id', 'name', 'subscriberCount']);
      expect(narrow).toEqual({ id: whole.id, name: 'Narrow', subscriberCount: 0 });
    }
    expect(await byName.all(em, { name: 'Narrow' })).toEqual([whole]);
  });

  it('reads a list of values, whatever its length, with one statement per size class', async () => {
    const byNames = new PreparedRead(Brand, ['names'], (qb, _param, list) => qb.select(['name']).where({ name: { $in: list('names') } }));
    const em = ormOf().em.fork();
    for (const names of [['Narrow'], ['Narrow', 'Absent', 'Other'], ['Absent']]) {
      expect(await byNames.all(em, { names })).toEqual(names.includes('Narrow') ? [{ name: 'Narrow' }] : []);
    }
  });

  it('reads a page of the rows in the query\'s order: its limit after its offset', async () => {
    const em = ormOf().em.fork();
    const names = ['Page 1', 'Page 2', 'Page 3', 'Page 4'];
    await em.persistAndFlush(names.map((name) => new Brand({ name, description: '', url: `https://page.example.com/${name.slice(-1)}`, featuredImage: 'https://page.example.com/logo.png', availability: true, isFeatured: false })));
    const paged = new PreparedRead(Brand, ['prefix'], (qb, param) => qb.select(['name']).where({ name: { $like: param('prefix') } }).orderBy({ name: 'desc' }));
    expect(await paged.all(em, { prefix: 'Page %' }, undefined, { limit: 2, offset: 1 })).toEqual([{ name: 'Page 3' }, { name: 'Page 2' }]);
    expect(await paged.all(em, { prefix: 'Page %' }, undefined, { limit: 10, offset: 3 })).toEqual([{ name: 'Page 1' }]);
    expect(await paged.all(em, { prefix: 'Page %' })).toHaveLength(4);
  });

  it('reads what the query selects when a property asked for is no column', async () => {
    const [read] = await byName.all(ormOf().em.fork(), { name: 'Narrow' }, ['name', 'products']);
    expect(read).toMatchObject({ name: 'Narrow', description: 'a long story' });
  });

  it('answers a row as a managed entity, as findOne would, and an entity the manager holds as it holds it', async () => {
    const em = ormOf().em.fork();
    const brand = await byName.managed(em, { name: 'Narrow' });
    expect(brand).toBeInstanceOf(Brand);
    expect(brand).toMatchObject({ name: 'Narrow', availability: true, createdAt: expect.any(Date) });
    expect(brand).toBe(await em.findOne(Brand, { name: 'Narrow' }));
    brand!.description = 'changed, not yet saved';
    expect(await byName.managed(em, { name: 'Narrow' })).toBe(brand);
    expect(brand!.description).toBe('changed, not yet saved');
    await em.flush();
    expect((await byName.managed(ormOf().em.fork(), { name: 'Narrow' }))!.description).toBe('changed, not yet saved');
    expect(await byName.managed(em, { name: 'Absent' })).toBeNull();
  });
});
