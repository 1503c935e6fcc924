import { AppError } from './app-error';

/** Messages by field name: the body of a 422 of the store API. */
export type FieldMessages = Record<string, string[]>;

/** INVALID_FIELDS naming every field at fault; `field` is the first, for renderers that show one. */
export function invalidFields(fields: FieldMessages): AppError {
  const names = Object.keys(fields);
  const first = names[0];
  return new AppError('INVALID_FIELDS', `${first} ${fields[first]?.[0] ?? 'is invalid'}`.trim(), { field: first, details: { fields } });
}

/** INVALID_FIELDS for one field and one message. */
export const invalidField = (field: string, message: string): AppError => invalidFields({ [field]: [message] });

/**
 * Gathers field problems while a whole input is checked, so one answer names them all; `check`
 * turns a thrown INVALID_FIELDS of a nested check into entries of this collector.
 */
export class FieldErrors {
  private readonly fields: FieldMessages = {};

  add(field: string, message: string): void {
    (this.fields[field] ??= []).push(message);
  }

  /** Runs `read`; an INVALID_FIELDS it throws is collected and `undefined` returned. */
  check<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'INVALID_FIELDS') throw error;
      const fields = (error.extensions.details as { fields: FieldMessages }).fields;
      for (const [field, messages] of Object.entries(fields)) for (const message of messages) this.add(field, message);
      return undefined;
    }
  }

  get isEmpty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  /** Throws INVALID_FIELDS when anything was collected. */
  throwIfAny(): void {
    if (!this.isEmpty) throw invalidFields(this.fields);
  }
}
