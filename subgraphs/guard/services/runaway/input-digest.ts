import { createHash } from 'node:crypto';

/** The same input however its keys were ordered: JSON with sorted keys, hashed. */
export function inputDigest(input: unknown): string {
  return createHash('sha256').update(sortedJson(input ?? null)).digest('base64url');
}

function sortedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${sortedJson(item)}`).join(',')}}`;
}
