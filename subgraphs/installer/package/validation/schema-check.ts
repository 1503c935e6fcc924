import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { problemAt } from '../package-errors';
import type { JsonDocument } from './json-document';

/** One ajv for all package files: every error reported, not the first (`allErrors`). */
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const compiled = new WeakMap<TSchema, ValidateFunction>();

function validatorOf(schema: TSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Whether `value` passes `schema` (a part of a file, say). */
export function conforms(schema: TSchema, value: unknown): boolean {
  return validatorOf(schema)(value);
}

/** The problems of `document` against `schema`, each with its line, in `package-invalid:` form. */
export function schemaProblems(path: string, document: JsonDocument, schema: TSchema): string[] {
  const validate = validatorOf(schema);
  if (validate(document.value)) return [];
  return (validate.errors ?? []).map((error) => problemAt(path, describe(error), document.lineOf(error.instancePath)));
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the document' : error.instancePath;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${where} has an unknown property "${(error.params as { additionalProperty: string }).additionalProperty}"`;
    case 'required':
      return `${where} is missing "${(error.params as { missingProperty: string }).missingProperty}"`;
    case 'enum':
      return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}
