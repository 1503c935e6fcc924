import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** True when a write lost a race against a unique constraint, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException;
}
