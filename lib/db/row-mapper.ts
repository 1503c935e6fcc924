import { ReferenceKind, type EntityMetadata, type IDatabaseDriver, type Platform, type Type } from '@mikro-orm/core';

/** A row keyed by column name, or its values in the order of its columns, made into an object keyed by property name, in JavaScript types. */
export type RowMapper = (row: Record<string, unknown> | readonly unknown[]) => Record<string, unknown>;

/** How the rows a mapper takes come: objects keyed by column name, or arrays of values in the order of the columns. */
export type RowForm = 'objects' | 'values';

/** A row's values keyed by the names of its columns (a later column of a name already used replacing the earlier one's value). */
export function rowObject(columns: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index++) row[columns[index]] = values[index];
  return row;
}

/**
 * The mapper for rows with exactly these columns (objects keyed by them, or, with `form`
 * 'values', arrays of their values in this order, as SQLite's reads answer them): MikroORM's
 * result mapper (`driver.mapResult`) followed by the conversion of custom types, as one function
 * compiled for the columns, when every column is a property of one column of its own (a scalar,
 * a boolean, a date, a custom type, a relation's single key). Otherwise (a column of no property, an embedded or composite
 * one, a polymorphic entity) it is MikroORM's mapper itself.
 *
 * MikroORM's mapper is written for any row: for each property it checks that its column is
 * there and marks it mapped, then walks the row again for the columns no property took. On the
 * store's page of 200 products (some 2,000 rows) that walk and its two objects per row were 6.8 %
 * of the store's CPU; the compiled literal builds one object of a shape V8 knows.
 */
export function rowMapper(columns: readonly string[], meta: EntityMetadata, driver: IDatabaseDriver, platform: Platform, form: RowForm = 'objects'): RowMapper {
  const byName = genericMapper(meta, driver, platform);
  const generic: RowMapper = form === 'objects' ? byName : (values) => byName(rowObject(columns, values as readonly unknown[]));
  if (meta.polymorphs?.length || meta.embeddable) return generic;
  const present = new Set(columns);
  // A property of several columns among these (a composite key) takes a shape of its own: MikroORM's.
  if (meta.props.some((prop) => (prop.fieldNames?.length ?? 0) > 1 && prop.fieldNames.some((field) => present.has(field)))) return generic;
  // Every property a column holds, as MikroORM's mapper sets each of them (a relation and its key's scalar may share one).
  const ordered = meta.props.filter((prop) => prop.fieldNames?.length === 1 && present.has(prop.fieldNames[0]));
  if (ordered.some((prop) => prop.embedded || prop.kind === ReferenceKind.EMBEDDED)) return generic;
  const taken = new Set(ordered.map((prop) => prop.fieldNames[0]));
  if (columns.some((column) => !taken.has(column))) return generic;
  const types = ordered.map((prop) => prop.customType as Type<unknown> | undefined);
  const context = { parseDate: dateParser(platform), custom: (index: number, value: unknown) => (value == null ? value : types[index]!.convertToJSValue(value, platform)) };
  const members = ordered.map((prop, index) => {
    const field = prop.fieldNames[0];
    const value = form === 'objects' ? `row[${JSON.stringify(field)}]` : `row[${columns.lastIndexOf(field)}]`;
    let converted = value;
    if (prop.runtimeType === 'boolean') converted = `(${value} == null ? ${value} : !!${value})`;
    else if (prop.runtimeType === 'Date' && !platform.isNumericProperty(prop)) converted = `(${value} == null || ${value} instanceof Date ? ${value} : parseDate(${value}))`;
    if (prop.customType) converted = `custom(${index}, ${converted})`;
    return `${JSON.stringify(prop.name)}: ${converted}`;
  });
  const compiled = new Function('context', `const { parseDate, custom } = context;\nreturn (row) => ({ ${members.join(', ')} });`) as (
    context: unknown,
  ) => RowMapper;
  return compiled(context);
}

/** MikroORM's result mapper, then the custom types' conversion (which it leaves to the entity factory): what `rowMapper` answers as. */
export function genericMapper(meta: EntityMetadata, driver: IDatabaseDriver, platform: Platform): RowMapper {
  const converted = meta.props.flatMap((prop) => (prop.customType ? [{ name: prop.name, type: prop.customType as Type<unknown> }] : []));
  return (row) => {
    const mapped = driver.mapResult(row, meta) as Record<string, unknown>;
    for (const { name, type } of converted) if (mapped[name] != null) mapped[name] = type.convertToJSValue(mapped[name], platform);
    return mapped;
  };
}

/** A date column's value as MikroORM's mapper reads it, with the platform's time zone. */
function dateParser(platform: Platform): (value: unknown) => Date {
  const zone = platform.getTimezone();
  const parse = (value: string | number) => platform.parseDate(value);
  if (!zone || zone === 'local') return (value) => parse(typeof value === 'bigint' ? Number(value) : (value as string | number));
  return (value) => {
    if (typeof value === 'bigint') return parse(Number(value));
    if (typeof value === 'number') return parse(value);
    const text = value as string;
    return text.includes('+') || text.lastIndexOf('-') > 10 || text.endsWith('Z') ? parse(text) : parse(text + zone);
  };
}
