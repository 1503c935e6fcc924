import { ConnectionException } from '@mikro-orm/core';

/** How long a caller should wait before retrying through a database outage (Retry-After). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Socket failures: the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs meaning "not now" rather than "not this query": connection exceptions
 * (class 08), operator intervention (57P01-57P03: shutdown, crash, cannot connect now), too many
 * connections, and a database not accepting connections (55000 from ALLOW_CONNECTIONS false).
 */
const POSTGRES_OUTAGE = /^(08\d{3}|57P0[123]|53300|55000)$/;

/** SQLite: the file is locked by another writer past the busy timeout, or cannot be opened. */
const SQLITE_OUTAGE = new Set(['SQLITE_BUSY', 'SQLITE_CANTOPEN']);

/**
 * Messages of drivers that fail a connection without a code (pg, pg-pool, knex's pool). A pooled
 * client the server closed (a PostgreSQL restart) answers "Client was closed and is not queryable".
 */
const OUTAGE_MESSAGE = /Connection terminated|Knex: Timeout acquiring a connection|connection is not available|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect/i;

/**
 * True when an error means the database cannot be reached now (and a retry may succeed), as
 * MikroORM, knex, pg and better-sqlite3 report it, however deeply wrapped.
 */
export function isDatabaseOutage(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error;
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if (current instanceof ConnectionException) return true;
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_OUTAGE.test(code) || SQLITE_OUTAGE.has(code))) return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof message === 'string' && OUTAGE_MESSAGE.test(message)) return true;
    const { cause, previous, originalError } = current as { cause?: unknown; previous?: unknown; originalError?: unknown };
    current = previous ?? cause ?? originalError;
  }
  return false;
}
