import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
};

/** Keeps generated values small: the point is shapes and edges, not volume. */
const MAX_STRING = 40;
const MAX_ITEMS = 4;

/**
 * Values a JSON Schema (as the shim's OpenAPI document writes them) accepts, as a fast-check
 * arbitrary: the valid examples of the fuzz test.
 */
export function validValue(schema: JsonSchema, resolve: (ref: string) => JsonSchema): fc.Arbitrary<unknown> {
  if (schema.$ref) return validValue(resolve(schema.$ref), resolve);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, resolve)));
  if (schema.allOf?.length === 1) return validValue(schema.allOf[0], resolve);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000, max: schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, resolve) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, validValue(property, resolve)]));
      return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= (schema.maxLength ?? Infinity));
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING)) });
}

/**
 * Bodies a schema should refuse, or at least must survive: any JSON at all, or a valid object with
 * one property given a value of any type, or one required property missing.
 */
export function invalidValue(schema: JsonSchema, resolve: (ref: string) => JsonSchema): fc.Arbitrary<unknown> {
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  const names = Object.keys(schema.properties ?? {});
  if (schema.type !== 'object' || names.length === 0) return anyJson;
  const valid = validValue(schema, resolve) as fc.Arbitrary<Record<string, unknown>>;
  const retyped = fc.tuple(valid, fc.constantFrom(...names), anyJson).map(([body, name, value]) => ({ ...body, [name]: value }));
  const required = schema.required ?? [];
  const missing = required.length
    ? fc.tuple(valid, fc.constantFrom(...required)).map(([body, name]) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== name)))
    : retyped;
  return fc.oneof(anyJson, retyped, missing);
}
