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
  private readonly plans = new Map<string, { reads: Read[]; fields: Array<[string, ViewField<Source, unknown, Read>]> }>();

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
    const view: Record<string, unknown> = {};
    for (const [name, field] of this.plan(fields).fields) view[name] = field.value(source, languages);
    return view as View;
  }

  private plan(fields: readonly string[] | undefined) {
    const key = fields?.join(',') ?? '*';
    let plan = this.plans.get(key);
    if (!plan) {
      const all = Object.entries(this.fields) as Array<[string, ViewField<Source, unknown, Read>]>;
      const chosen = fields ? all.filter(([name]) => fields.includes(name)) : all;
      plan = { reads: [...new Set(chosen.flatMap(([, field]) => field.reads))].sort(), fields: chosen };
      // Selections are few per schema; a caller sending ever new ones would still meet a bound.
      if (this.plans.size < 256) this.plans.set(key, plan);
    }
    return plan;
  }
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
