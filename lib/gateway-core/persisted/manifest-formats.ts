import { createHash } from 'node:crypto';

/** A SHA-256 as the persisted-document protocols carry it: 64 hex digits. */
export const SHA256_HEX = /^[0-9a-f]{64}$/i;

/** How the client preset (and the GraphQL over HTTP proposal's `documentId`) marks a SHA-256 id. */
export const SHA256_PREFIX = 'sha256:';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The documents of a trusted-document manifest, by id, from either format clients' tooling
 * writes:
 * - GraphQL Code Generator's client preset (`persistedDocuments: true`), `persisted-documents.json`:
 *   `{ "sha256:<hash of the document>": "<document>" }` (the prefix is optional);
 * - Apollo's persisted query manifest (`@apollo/generate-persisted-query-manifest`):
 *   `{ "format": "apollo-persisted-query-manifest", "version": 1, "operations": [{ "id", "name", "type", "body" }] }`.
 * Throws, saying why, on anything else: a manifest is all good or not taken.
 */
export function readManifest(text: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('the manifest is not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('the manifest is not a JSON object');
  const documents = new Map<string, string>();
  const record = parsed as Record<string, unknown>;
  if (record.format === 'apollo-persisted-query-manifest') {
    if (record.version !== 1) throw new Error(`Apollo manifest version ${JSON.stringify(record.version)} is not supported (1 is)`);
    if (!Array.isArray(record.operations)) throw new Error('an Apollo manifest lists its operations in "operations"');
    for (const [index, operation] of record.operations.entries()) {
      const { id, body } = (operation ?? {}) as { id?: unknown; body?: unknown };
      if (typeof id !== 'string' || id === '' || typeof body !== 'string' || body === '') throw new Error(`operation ${index} needs a string "id" and "body"`);
      documents.set(id, body);
    }
    return documents;
  }
  for (const [key, body] of Object.entries(record)) {
    if (typeof body !== 'string' || body === '') throw new Error(`the document of "${key}" is not a string`);
    documents.set(key.startsWith(SHA256_PREFIX) ? key.slice(SHA256_PREFIX.length) : key, body);
  }
  return documents;
}
