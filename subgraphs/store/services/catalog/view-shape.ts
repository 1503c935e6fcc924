/** How one field of a view is made: what of its source it reads (columns, say), and its value. */
export interface ViewField<Source, Value, Read extends string> {
  reads: readonly Read[];
  value(source: Source, languages: readonly string[]): Value;
}

/** Every field of `View`, each made from a `Source` (a row, or a row with its parts). */
export type ViewFields<Source, View, Read extends string> = { [Field in keyof View]-?: ViewField<Source, View[Field], Read> };

/**
 * A view the API shows (a variant, an image, a product), declared field by field, so that a
 * caller that reads only some fields (a GraphQL selection, see selectedProperties) has only
 * those read from the database and made: `reads(fields)` names what to load, `make(source,
 * languages, fields)` builds a view holding those fields alone. Without `fields`, every field.
 */
export class ViewShape<Source, View, Read extends string> {
  private readonly plans = new Map<string, { reads: Read[]; make: ViewMaker<Source, View> }>();

  constructor(private readonly fields: ViewFields<Source, View, Read>) {}

  /** What the fields (every field without `fields`) read, sorted; names that are no field of the view are ignored. */
  reads(fields?: readonly string[]): readonly Read[] {
    return this.plan(fields).reads;
  }

  /**
   * The view of `source` with the fields asked for (every field without `fields`). Typed as the
   * whole view: a caller that narrowed the fields reads no other.
   */
  make(source: Source, languages: readonly string[], fields?: readonly string[]): View {
    return this.plan(fields).make(source, languages);
  }

  /** What makes the views of many sources with the same fields: the fields looked up once, not per view. */
  maker(fields?: readonly string[]): ViewMaker<Source, View> {
    return this.plan(fields).make;
  }

  private plan(fields: readonly string[] | undefined) {
    const key = fields?.join(',') ?? '*';
    let plan = this.plans.get(key);
    if (!plan) {
      const all = Object.entries(this.fields) as Array<[string, ViewField<Source, unknown, Read>]>;
      const chosen = fields ? all.filter(([name]) => fields.includes(name)) : all;
      plan = { reads: [...new Set(chosen.flatMap(([, field]) => field.reads))].sort(), make: compiledMaker<Source, View>(chosen) };
      // Selections are few per schema; a caller sending ever new ones would still meet a bound.
      if (this.plans.size < 256) this.plans.set(key, plan);
    }
    return plan;
  }
}

/** Makes one view of `source`. */
export type ViewMaker<Source, View> = (source: Source, languages: readonly string[]) => View;

/**
 * A maker that writes the view as one object literal of its fields, compiled once per choice of
 * fields: every view then has the same shape from its start, where one set field by field went
 * through V8's generic keyed stores (a list of 200 products makes some 1,400 views).
 */
function compiledMaker<Source, View>(chosen: ReadonlyArray<[string, ViewField<Source, unknown, string>]>): ViewMaker<Source, View> {
  const values = chosen.map(([, field]) => field.value);
  const literal = chosen.map(([name], index) => `${JSON.stringify(name)}: values[${index}](source, languages)`).join(', ');
  return new Function('values', `return (source, languages) => ({ ${literal} });`)(values) as ViewMaker<Source, View>;
}

/** A field read from `reads` alone (a column or a few), made by `value`. */
export const field = <Source, Value, Read extends string>(reads: readonly Read[], value: (source: Source, languages: readonly string[]) => Value): ViewField<Source, Value, Read> => ({
  reads,
  value,
});

/** The fields of `Row` that show one of its columns as stored: `const column = columnOf<Variant>()`, then `id: column('id')`. */
export const columnOf =
  <Row>() =>
  <Name extends keyof Row & string>(name: Name): ViewField<Row, Row[Name], keyof Row & string> =>
    field([name], (row: Row) => row[name]);
