import { Kind, OptionalKind, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { Request } from 'express';
import { badInput, type AppError } from '../../lib/errors';
import type { RouteDeclaration } from './route';

export type RequestPart = 'params' | 'query' | 'headers' | 'body';

/** The first thing wrong with a request, by the declaration's order: the part, the field, and what it should be. */
export interface RequestFault {
  part: RequestPart;
  field: string;
  problem: 'missing' | 'invalid';
  /** The field's declared schema. */
  schema: TSchema;
}

/** Turns a fault into the error the API answers with; each router may say it differently. */
export type FaultError = (fault: RequestFault) => AppError;

/** What a value of a schema must be, in the legacy APIs' words (`… must be an integer`). */
export function expectation(schema: TSchema): string {
  switch (schema[Kind]) {
    case 'String':
      return 'a string';
    case 'Integer':
      return 'an integer';
    case 'Number':
      return 'a number';
    case 'Boolean':
      return 'true or false';
    case 'Object':
      return 'an object';
    case 'Array':
      return `a list of ${expectation(schema.items as TSchema).replace(/^an? /, '')}s`;
    default:
      return 'valid';
  }
}

/** The legacy APIs' words for a fault: `name is required`, `codehost_id must be an integer`. */
export const legacyFieldError: FaultError = (fault) =>
  badInput(fault.field, fault.problem === 'missing' ? `${fault.field} is required` : `${fault.field} must be ${expectation(fault.schema)}`);

/**
 * Text as the integer or boolean a schema wants: form bodies, query strings and paths carry text
 * only. Anything else is left for the check to refuse.
 */
function fromText(schema: TSchema, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (schema[Kind] === 'Integer' || schema[Kind] === 'Number') return /^-?\d{1,16}$/.test(raw.trim()) ? Number(raw) : raw;
  if (schema[Kind] === 'Boolean') {
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
  }
  return raw;
}

/**
 * One part of a request as its declaration sees it: only the declared properties, text turned into
 * the integers and booleans declared. In a body (JSON or form), an absent, null or empty value
 * counts as not given, as the legacy APIs always read them; and a body that is not an object
 * reads as an empty one, so the first required field is what the caller hears about.
 */
function declaredPart(schema: TObject, source: unknown, part: RequestPart): Record<string, unknown> {
  const values = (source && typeof source === 'object' && !Array.isArray(source) ? source : {}) as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.properties)) {
    const raw = values[field];
    if (raw === undefined || (part === 'body' && (raw === null || raw === ''))) continue;
    read[field] = fromText(fieldSchema, raw);
  }
  return read;
}

interface CompiledPart {
  part: RequestPart;
  schema: TObject;
  check: TypeCheck<TObject>;
}

/**
 * Reads and validates a request against a route's declaration. The checks are compiled once, when
 * the route is mounted; a failure is explained field by field, in declaration order, only then.
 */
export class RequestReader {
  private readonly parts: CompiledPart[];

  constructor(declaration: RouteDeclaration) {
    const declared: Array<[RequestPart, TSchema | undefined]> = [
      ['params', declaration.params],
      ['headers', declaration.headers],
      ['query', declaration.query],
      ['body', declaration.body],
    ];
    this.parts = declared
      .filter((entry): entry is [RequestPart, TSchema] => entry[1] !== undefined)
      .map(([part, schema]) => {
        if (schema[Kind] !== 'Object') throw new Error(`${declaration.method.toUpperCase()} ${declaration.path}: the ${part} must be declared as an object`);
        return { part, schema: schema as TObject, check: TypeCompiler.Compile(schema as TObject) };
      });
  }

  /** The request's declared parts, or the first fault. */
  read(req: Request): { input: Record<RequestPart, Record<string, unknown>> } | { fault: RequestFault } {
    const input: Record<RequestPart, Record<string, unknown>> = { params: {}, query: {}, headers: {}, body: {} };
    for (const { part, schema, check } of this.parts) {
      const value = declaredPart(schema, req[part], part);
      if (!check.Check(value)) return { fault: firstFault(part, schema, value) };
      input[part] = value;
    }
    return { input };
  }
}

function firstFault(part: RequestPart, schema: TObject, value: Record<string, unknown>): RequestFault {
  for (const [field, fieldSchema] of Object.entries(schema.properties)) {
    if (value[field] === undefined) {
      if (fieldSchema[OptionalKind] !== 'Optional') return { part, field, problem: 'missing', schema: fieldSchema };
      continue;
    }
    if (!Value.Check(fieldSchema, value[field])) return { part, field, problem: 'invalid', schema: fieldSchema };
  }
  // Only a rule across fields is left (none is declared today): blame the part as a whole.
  return { part, field: part, problem: 'invalid', schema };
}
