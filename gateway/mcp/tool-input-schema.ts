import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  isSpecifiedScalarType,
  typeFromAST,
  valueFromASTUntyped,
  type GraphQLInputType,
  type GraphQLNamedInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

/** A JSON Schema (draft 2020-12, as MCP's `inputSchema` is), as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** The graph's scalars as JSON carries them; a scalar not named here takes any JSON value. */
const SCALARS: Record<string, JsonSchema> = {
  Int: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  Float: { type: 'number' },
  String: { type: 'string' },
  Boolean: { type: 'boolean' },
  ID: { type: ['string', 'integer'] },
  SafeInt: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
  DateTimeISO: { type: 'string', description: 'A date and time, ISO 8601 (2026-01-31T12:00:00Z)' },
  JSONObject: { type: 'object' },
  Amount: { type: ['number', 'string'] },
  LanguageValue: { type: ['string', 'object'] },
};

/**
 * An operation's variables as a tool's input schema: one property per variable (its type as JSON
 * carries it), required when non-null without a default; input objects under `$defs`, referenced
 * (they may be recursive); nothing else accepted (`additionalProperties: false`).
 */
export function toolInputSchema(schema: GraphQLSchema, operation: OperationDefinitionNode): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (!type) throw new Error(`variable $${name} has a type the schema does not know`);
    const property = typeSchema(type, defs);
    if (definition.defaultValue) property.default = valueFromASTUntyped(definition.defaultValue);
    properties[name] = property;
    if (isNonNullType(type) && !definition.defaultValue) required.push(name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  };
}

/** Nullable or not, the same schema: an agent leaves a nullable value out rather than send `null` (simpler schemas, which every model reads). */
function typeSchema(type: GraphQLInputType, defs: Record<string, JsonSchema>): JsonSchema {
  return valueSchema(isNonNullType(type) ? type.ofType : type, defs);
}

function valueSchema(type: GraphQLInputType, defs: Record<string, JsonSchema>): JsonSchema {
  if (isListType(type)) return { type: 'array', items: typeSchema(type.ofType, defs) };
  return namedSchema(type as GraphQLNamedInputType, defs);
}

function namedSchema(type: GraphQLNamedInputType, defs: Record<string, JsonSchema>): JsonSchema {
  // The built-in scalars' descriptions say what JSON Schema's types already say.
  const described = type.description && !isSpecifiedScalarType(type) ? { description: type.description } : {};
  if (isScalarType(type)) return { ...(SCALARS[type.name] ?? {}), ...described };
  if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((value) => value.name), ...described };
  if (isInputObjectType(type)) {
    if (!(type.name in defs)) {
      defs[type.name] = {}; // taken before its fields, so that a field of its own type refers back
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const field of Object.values(type.getFields())) {
        const property = typeSchema(field.type, defs);
        if (field.description) property.description = field.description;
        properties[field.name] = property;
        if (isNonNullType(field.type) && field.defaultValue === undefined) required.push(field.name);
      }
      defs[type.name] = { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false, ...described };
    }
    return { $ref: `#/$defs/${type.name}` };
  }
  return {};
}
