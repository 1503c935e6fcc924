import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM, type EntityMetadata } from '@mikro-orm/core';
import { accountsDatabase } from '../../subgraphs/accounts/accounts-database';
import { feedDatabase } from '../../subgraphs/feed/feed-database';
import { guardDatabase } from '../../subgraphs/guard/guard-database';
import { storeDatabase } from '../../subgraphs/store/store-database';
import { ormOptions, type Dialect } from './domain-database';
import { genericMapper, rowMapper } from './row-mapper';

/** Values of a column as a driver may hand them over: SQLite's milliseconds and 0/1, PostgreSQL's dates and strings, nulls. */
function valuesFor(prop: EntityMetadata['props'][number], variant: number): unknown {
  if (variant === 0) return null;
  // Custom types here are numbers in text (bigint money) or JSON: both take a number's digits.
  if (prop.customType) return variant === 1 ? '1234' : 5678;
  switch (prop.runtimeType) {
    case 'boolean':
      return [undefined, 1, false, 0][variant];
    case 'Date':
      // Milliseconds (SQLite), a Date (PostgreSQL), a text with a zone and one without.
      return [undefined, 1_764_000_000_123, new Date('2026-11-29T20:00:00.000Z'), '2026-11-29 20:00:00.000'][variant];
    case 'number':
      return [undefined, 42, '42', 0][variant];
    default:
      return [undefined, 'text', '{"a":1}', ''][variant];
  }
}

const DATABASES = [accountsDatabase, feedDatabase, guardDatabase, storeDatabase];

// Metadata and platform only: nothing connects, so both dialects are checked wherever the tests run.
describe.each<Dialect>(['sqlite', 'postgresql'])('rowMapper on %s', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-row-mapper-'));
  let opened: MikroORM[] = [];
  const orms = DATABASES.map((_spec, index) => () => opened[index]);

  beforeAll(async () => {
    const database = { dialect, url: 'postgresql://nobody@127.0.0.1:1/none' };
    opened = await Promise.all(DATABASES.map((spec) => MikroORM.init({ ...ormOptions(spec, { database, dataDir }), connect: false })));
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("maps every entity's rows as MikroORM's result mapper and the custom types do, whole or a few columns", () => {
    let compiled = 0;
    for (const ormOf of orms) {
      const orm = ormOf();
      for (const meta of Object.values(orm.getMetadata().getAll())) {
        if (meta.embeddable || meta.virtual || !meta.props.length) continue;
        const columns = [...new Set(meta.props.filter((prop) => prop.fieldNames?.length === 1 && !prop.embedded).map((prop) => prop.fieldNames[0]))];
        for (const chosen of [columns, columns.slice(0, 2)]) {
          const map = rowMapper(chosen, meta, orm.em.getDriver(), orm.em.getPlatform());
          const byPosition = rowMapper(chosen, meta, orm.em.getDriver(), orm.em.getPlatform(), 'values');
          const generic = genericMapper(meta, orm.em.getDriver(), orm.em.getPlatform());
          if (map.toString() !== generic.toString()) compiled++;
          for (const variant of [0, 1, 2, 3]) {
            const row = () => Object.fromEntries(chosen.map((column) => [column, valuesFor(meta.props.find((prop) => prop.fieldNames?.[0] === column)!, variant)]));
            const expected = generic(row());
            const actual = map(row());
            expect({ entity: meta.className, variant, row: actual }).toEqual({ entity: meta.className, variant, row: expected });
            expect(Object.keys(actual)).toEqual(Object.keys(expected));
            // The same row as SQLite's reads hand it over: its values in the order of its columns.
            const fromValues = byPosition(Object.values(row()));
            expect({ entity: meta.className, variant, row: fromValues }).toEqual({ entity: meta.className, variant, row: expected });
            expect(Object.keys(fromValues)).toEqual(Object.keys(expected));
          }
        }
      }
    }
    // Nearly every entity's rows take the compiled mapper; the check above is not of the fallback alone.
    expect(compiled).toBeGreaterThan(40);
  });

  it('keeps MikroORM’s mapper for a column no property holds', () => {
    const orm = orms[1]();
    const meta = orm.getMetadata().get('Brand');
    const map = rowMapper(['id', 'brand_count'], meta, orm.em.getDriver(), orm.em.getPlatform());
    expect(map({ id: 7, brand_count: 3 })).toEqual({ id: 7, brand_count: 3 });
    expect(rowMapper(['id', 'brand_count'], meta, orm.em.getDriver(), orm.em.getPlatform(), 'values')([7, 3])).toEqual({ id: 7, brand_count: 3 });
  });

  it('reads a column named twice by its later value, as an object row would hold it', () => {
    const orm = orms[1]();
    const meta = orm.getMetadata().get('Brand');
    expect(rowMapper(['id', 'name', 'id'], meta, orm.em.getDriver(), orm.em.getPlatform(), 'values')([1, 'Acme', 2])).toEqual({ id: 2, name: 'Acme' });
  });
});
