import { Kind, OptionalKind, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { badInput, type AppError } from '../../lib/errors';
import { holdsUnstorableText } from '../../lib/validation';
import type { RouteDeclaration } from './route';

export type RequestPart = 'params' | 'query' | 'headers' | 'body';

/** The first thing wrong with a request, by the declaration's order: the part, the field, and what it should be. */
export interface RequestFault {
  part: RequestPart;
  field: string;
  /** `unstorable`: a string in it holds NUL or a lone UTF-16 surrogate. */
  problem: 'missing' | 'invalid' | 'unstorable';
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
export const legacyFieldError: FaultError = (fault) => badInput(fault.field, faultMessage(fault));

function faultMessage(fault: RequestFault): string {
  if (fault.problem === 'missing') return `${fault.field} is required`;
  if (fault.problem === 'unstorable') return `${fault.field} must not contain NUL characters or unpaired surrogates`;
  return `${fault.field} must be ${expectation(fault.schema)}`;
}

/**
 * Marks a declared array whose items the route judges one by one (a usage batch): a bad string in
 * one item is that item's problem, not the request's, so the reader does not look inside.
 */
export const ITEMS_JUDGED_ALONE = 'x-items-judged-alone';

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

/** Kinds whose empty text means "not given" in a body, as the legacy APIs read forms. */
const SCALAR_KINDS = new Set(['String', 'Integer', 'Number', 'Boolean']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * One part of a request as its declaration sees it: only the declared properties, text turned into
 * the integers and booleans declared. In a body (JSON or form), a null value counts as not given,
 * and so does an empty one where a scalar is declared, as the legacy APIs always read them.
 */
function declaredPart(schema: TObject, values: Record<string, unknown>, part: RequestPart): Record<string, unknown> {
  const read: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.properties)) {
    const raw = values[field];
    if (raw === undefined) continue;
    if (part === 'body' && (raw === null || (raw === '' && SCALAR_KINDS.has(fieldSchema[Kind])))) continue;
    read[field] = fromText(fieldSchema, raw);
  }
  return read;
}

export interface ReaderOptions {
  /**
   * A body that is not a JSON object is a fault of the field `body` (unless it is left out and the
   * declaration allows that). Otherwise it reads as an empty object, so the first required field is
   * what the caller hears about, as the accounts and feed APIs always answered.
   */
  strictBody?: boolean;
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
  private readonly strictBody: boolean;
  private readonly optionalBody: boolean;

  constructor(declaration: RouteDeclaration, options: ReaderOptions = {}) {
    this.strictBody = options.strictBody ?? false;
    this.optionalBody = declaration.optionalBody ?? false;
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
  read(req: Readonly<Record<RequestPart, unknown>>): { input: Record<RequestPart, Record<string, unknown>> } | { fault: RequestFault } {
    const input: Record<RequestPart, Record<string, unknown>> = { params: {}, query: {}, headers: {}, body: {} };
    for (const { part, schema, check } of this.parts) {
      const source = part === 'body' && req.body === undefined && this.optionalBody ? {} : req[part];
      if (part === 'body' && this.strictBody && !isPlainObject(source)) return { fault: { part, field: 'body', problem: 'invalid', schema } };
      const value = declaredPart(schema, isPlainObject(source) ? source : {}, part);
      if (!check.Check(value)) return { fault: firstFault(part, schema, value) };
      const unstorable = firstUnstorable(part, schema, value);
      if (unstorable) return { fault: unstorable };
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

/** The first declared field holding a string no database column can keep, searched at any depth. */
function firstUnstorable(part: RequestPart, schema: TObject, value: Record<string, unknown>): RequestFault | undefined {
  for (const [field, fieldSchema] of Object.entries(schema.properties)) {
    if (fieldSchema[ITEMS_JUDGED_ALONE] === true) continue;
    if (value[field] !== undefined && holdsUnstorableText(value[field])) return { part, field, problem: 'unstorable', schema: fieldSchema };
  }
  return undefined;
}
