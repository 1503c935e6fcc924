import type { Knex } from '@mikro-orm/postgresql';
import type { SqlEntityManager } from '../../../../lib/db';
import { DEFAULT_STRING_LENGTH } from '../../package/contents/field-types';
import type { ProbeKind, UpgradeOperation } from '../../package/contents/package-schemas';
import type { ModuleSql } from '../tables/module-sql';

const INTEGER_TEXT = '^-?[0-9]+$';
const BOOLEAN_WORDS = ['true', 'false', 't', 'f', '0', '1', 'yes', 'no'];

/**
 * Counts, with SQL on the live table, the rows an operation would lose data in (installer.md):
 * every row for delete_model, non-null values for remove_field, and for alter_field the values
 * its probe names. The same question is asked on both dialects; where they spell it differently
 * (regular expressions: PostgreSQL's `~`, SQLite's REGEXP function the installer registers; time of day) each gets its own spelling.
 */
export class RowProbes {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly sql: ModuleSql,
  ) {}

  async allRows(table: string): Promise<number> {
    return this.count(table, () => undefined);
  }

  async nonNull(table: string, column: string): Promise<number> {
    return this.count(table, (query) => query.whereNotNull(column));
  }

  /** The rows the probe of an alter_field counts; null when the operation has no probe. */
  async probe(table: string, column: string, operation: UpgradeOperation): Promise<number | null> {
    const probe = operation.probe;
    if (!probe) return null;
    const text = this.asText(column);
    const kinds: Record<ProbeKind, (query: Knex.QueryBuilder) => void> = {
      non_numeric: (query) => query.whereNotNull(column).whereRaw(`not (${text} ${this.sql.dialect === 'postgresql' ? '~' : 'regexp'} ?)`, [probe.pattern ?? INTEGER_TEXT]),
      too_long: (query) => {
        const limit = probe.max_length ?? operation.to_decl?.max_length ?? DEFAULT_STRING_LENGTH;
        query.whereRaw(`${this.sql.dialect === 'postgresql' ? 'char_length' : 'length'}(${text}) > ?`, [limit]);
      },
      non_boolean: (query) => query.whereNotNull(column).whereRaw(`lower(trim(${text})) not in (${BOOLEAN_WORDS.map(() => '?').join(', ')})`, BOOLEAN_WORDS),
      null_required: (query) => query.whereNull(column),
      time_truncated: (query) => query.whereNotNull(column).whereRaw(`${this.timeOfDay(column)} <> ?`, [this.sql.dialect === 'postgresql' ? '00:00:00' : '00:00:00.000']),
    };
    return this.count(table, kinds[probe.kind]);
  }

  private async count(table: string, narrow: (query: Knex.QueryBuilder) => void): Promise<number> {
    const query = this.sql.table(this.em, table).count({ total: '*' });
    narrow(query);
    const row = (await query.first()) as { total: number | string } | undefined;
    return Number(row?.total ?? 0);
  }

  private asText(column: string): string {
    return `cast(${this.sql.knex(this.em).ref(column).toQuery()} as text)`;
  }

  /** The time of day of a datetime, in UTC: PostgreSQL reads the timestamptz; SQLite the stored ISO text. */
  private timeOfDay(column: string): string {
    const quoted = this.sql.knex(this.em).ref(column).toQuery();
    return this.sql.dialect === 'postgresql' ? `cast((${quoted} at time zone 'UTC') as time)::text` : `strftime('%H:%M:%f', ${quoted})`;
  }
}
