import { Kind, type TObject, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AppError } from '../../lib/errors';
import { expectation, type RequestFault } from '../kit/request-reader';

/** What a value should be, in words a 422 map shows (`must be at most 200`). */
export function mustBe(schema: TSchema, value?: unknown): string {
  if ((schema[Kind] === 'Integer' || schema[Kind] === 'Number') && typeof value === 'number' && Number.isFinite(value)) {
    if (schema[Kind] === 'Integer' && !Number.isInteger(value)) return 'must be a whole number';
    if (typeof schema.minimum === 'number' && value < schema.minimum) return `must be at least ${schema.minimum}`;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return `must be at most ${schema.maximum}`;
  }
  if (schema[Kind] === 'Union') return 'is invalid';
  if (schema[Kind] === 'String' && typeof value === 'string') {
    if (Array.isArray(schema.enum)) return `must be one of ${schema.enum.join(', ')}`;
    return 'is invalid';
  }
  if (schema[Kind] === 'Literal' || Array.isArray(schema.anyOf)) return 'is invalid';
  return `must be ${expectation(schema)}`;
}

const unprocessable = (fields: Record<string, string[]>) => {
  const [field] = Object.keys(fields);
  return new AppError('UNPROCESSABLE', fields[field][0], { field, details: { fields } });
};

/** A path or query parameter at fault, as the store API's 422 field map; `raw` is the value as sent. */
export const storeFaultError = (fault: RequestFault, raw?: unknown) => {
  const value = typeof raw === 'string' && /^-?\d{1,16}$/.test(raw.trim()) ? Number(raw) : raw;
  return unprocessable({ [fault.field]: [fault.problem === 'missing' ? "can't be blank" : mustBe(fault.schema, value)] });
};

/**
 * A JSON body against its declared object: only the declared keys are kept, in nested objects too
 * (others are ignored, as the API's callers expect: a client may send back an object it read, ids
 * and timestamps included), `null` kept as given (it clears a field), and every key of the wrong
 * type named in one 422 map. Domain rules (languages, lengths, URLs) are the graph's.
 */
export function checkBody(schema: TObject, body: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const faults: Record<string, string[]> = {};
  for (const [field, fieldSchema] of Object.entries(schema.properties)) {
    if (!Object.hasOwn(body, field) || body[field] === undefined) continue;
    const value = body[field];
    if (!Value.Check(fieldSchema, value)) faults[field] = [mustBe(fieldSchema, value)];
    else kept[field] = Value.Clean(fieldSchema, structuredClone(value));
  }
  if (Object.keys(faults).length > 0) throw unprocessable(faults);
  return kept;
}
