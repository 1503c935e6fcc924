import type { Dialect } from '../../../../lib/db';
import { DEFAULT_STRING_LENGTH, type FieldType } from '../../package/contents/field-types';
import type { FieldDecl } from '../../package/contents/package-schemas';

const NUMERIC: FieldType[] = ['integer', 'ref', 'decimal'];
const TRUE_WORDS = `('true', 't', '1', 'yes')`;
const FALSE_WORDS = `('false', 'f', '0', 'no')`;

/**
 * The SQL expression that turns the old column's value (`column`, already quoted) into a value of
 * the new declaration, for `alter_field`. A value that has no form in the new type becomes null,
 * which is what the confirmed preview counted as lost; nothing in it may fail the statement.
 */
export function convertedValue(column: string, from: FieldDecl, to: FieldDecl, dialect: Dialect): string {
  const text = `cast(${column} as text)`;
  const pg = dialect === 'postgresql';
  const matches = (pattern: string) => (pg ? `${text} ~ '${pattern}'` : `${text} regexp '${pattern}'`);
  switch (to.type) {
    case 'string':
      return pg ? `left(${text}, ${to.max_length ?? DEFAULT_STRING_LENGTH})` : `substr(${text}, 1, ${to.max_length ?? DEFAULT_STRING_LENGTH})`;
    case 'text':
      return text;
    case 'integer':
    case 'ref':
      if (NUMERIC.includes(from.type)) return pg ? `cast(trunc(${column}) as bigint)` : `cast(${column} as integer)`;
      return `case when ${matches('^-?[0-9]{1,18}$')} then cast(${text} as ${pg ? 'bigint' : 'integer'}) end`;
    case 'decimal':
      if (NUMERIC.includes(from.type)) return pg ? `cast(${column} as numeric)` : column;
      return `case when ${matches('^-?[0-9]+(\\.[0-9]+)?$')} then cast(${text} as numeric) end`;
    case 'boolean': {
      if (from.type === 'boolean') return column;
      const word = `lower(trim(${text}))`;
      return pg ? `case when ${word} in ${TRUE_WORDS} then true when ${word} in ${FALSE_WORDS} then false end` : `case when ${word} in ${TRUE_WORDS} then 1 when ${word} in ${FALSE_WORDS} then 0 end`;
    }
    case 'date':
      if (!pg) return `date(${column})`;
      if (from.type === 'datetime') return `cast(${column} at time zone 'UTC' as date)`;
      if (from.type === 'date') return column;
      return `case when ${matches('^[0-9]{4}-[0-9]{2}-[0-9]{2}$')} then cast(${text} as date) end`;
    case 'datetime':
      if (!pg) return `strftime('%Y-%m-%dT%H:%M:%fZ', ${column})`;
      if (from.type === 'datetime') return column;
      if (from.type === 'date') return `cast(${column} as timestamp) at time zone 'UTC'`;
      return `case when ${matches('^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?)?$')} then cast(${text} as timestamptz) end`;
    case 'time':
      if (!pg) return `time(${column})`;
      if (from.type === 'datetime') return `cast(${column} at time zone 'UTC' as time)`;
      if (from.type === 'time') return column;
      return `case when ${matches('^[0-9]{2}:[0-9]{2}(:[0-9]{2})?$')} then cast(${text} as time) end`;
    case 'json':
      if (from.type === 'json') return column;
      return pg ? `to_json(${column})` : `json_quote(${column})`;
  }
}
