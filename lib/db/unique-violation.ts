import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';

/** True when a write lost a race against a unique constraint, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException;
}

/**
 * Persists and flushes `entity`; when a concurrent writer took a unique value first, the unit of
 * work is cleared and `conflict()` is thrown instead: the same answer the caller's pre-check gives.
 */
export async function flushClaimingUnique(em: EntityManager, entity: object, conflict: () => Error): Promise<void> {
  try {
    await em.persistAndFlush(entity);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    em.clear();
    throw conflict();
  }
}
