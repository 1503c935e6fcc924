import { badInput } from '../../lib/errors';

type FieldKind = 'string' | 'integer' | 'boolean';
type FieldValue<K extends FieldKind> = K extends 'string' ? string : K extends 'integer' ? number : boolean;

export type FieldSpec = Record<string, FieldKind | `${FieldKind}?`>;
type Required<S extends FieldSpec> = { [F in keyof S as S[F] extends `${string}?` ? never : F]: S[F] extends FieldKind ? FieldValue<S[F]> : never };
type Optional<S extends FieldSpec> = {
  [F in keyof S as S[F] extends `${string}?` ? F : never]?: S[F] extends `${infer K extends FieldKind}?` ? FieldValue<K> : never;
};
export type FieldsOf<S extends FieldSpec> = Required<S> & Optional<S>;

/**
 * Reads the fields a route needs from a JSON or form-encoded body, checking presence and type.
 * Form bodies carry text only, so integers and booleans are also accepted in their text form.
 * The first missing or mistyped field is reported by name.
 */
export function readFields<S extends FieldSpec>(body: unknown, spec: S): FieldsOf<S> {
  const source = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const [field, declared] of Object.entries(spec)) {
    const optional = declared.endsWith('?');
    const kind = declared.replace('?', '') as FieldKind;
    const raw = source[field];
    if (raw === undefined || raw === null || raw === '') {
      if (!optional) throw badInput(field, `${field} is required`);
      continue;
    }
    fields[field] = coerce(field, kind, raw);
  }
  return fields as FieldsOf<S>;
}

function coerce(field: string, kind: FieldKind, raw: unknown): unknown {
  if (kind === 'string') {
    if (typeof raw !== 'string') throw badInput(field, `${field} must be a string`);
    return raw;
  }
  if (kind === 'integer') {
    const value = typeof raw === 'string' && /^-?\d{1,16}$/.test(raw.trim()) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badInput(field, `${field} must be an integer`);
    return value;
  }
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badInput(field, `${field} must be true or false`);
}
