import { hash } from 'node:crypto';

/** The `prevHash` of an organisation's first record: there is nothing before it. */
export const GENESIS_HASH = '0'.repeat(64);

/** One record of an organisation's audit trail, as stored, exported (one JSON object a line) and hashed. */
export interface AuditRecordFields {
  organisationId: string;
  /** 1, 2, 3, … within the organisation: the chain's order. */
  seq: number;
  /** When it happened: an ISO 8601 UTC timestamp with milliseconds. */
  at: string;
  /** Who: `user:<id>` (an operator), `key:<id>` (an SDK), or `system` (the guard itself). */
  actor: string;
  /** What: `gate.allow`, `workflow.pause`, `approval.granted`, `key.revoked`, … */
  action: string;
  workflowId: string | null;
  /** What it was done to, when not the workflow alone: an approval, a key, a tool pattern. */
  subject: string | null;
  /** The rest, as a JSON object (the gate's reason, a budget's old and new value, …). */
  details: Record<string, unknown>;
  /** SHA-256 (hex) of the previous record's canonical form; `GENESIS_HASH` for seq 1. */
  prevHash: string;
}

export interface AuditRecordLine extends AuditRecordFields {
  /** SHA-256 (hex) of this record's canonical form. */
  hash: string;
}

/**
 * The canonical form: JSON with every object's keys in code-unit order, no white space, arrays
 * in their order, and object members whose value is `undefined` left out. Numbers and strings
 * as `JSON.stringify` writes them. The same value always gives the same text, whatever order
 * its keys were built or stored in (PostgreSQL's jsonb reorders them).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (isFlatAndSorted(value as Record<string, unknown>)) return JSON.stringify(value);
  const members = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${members.join(',')}}`;
}

/**
 * Whether `JSON.stringify` already writes the object canonically: a plain object with its keys
 * in code-unit order and only strings, numbers, booleans and nulls for values. A gate decision's
 * details are built so (one per gate call); sorting and writing them member by member cost more
 * than the rest of their record's canonical form.
 */
function isFlatAndSorted(object: Record<string, unknown>): boolean {
  // Only a plain object: a class's toJSON (Date's) would change what JSON.stringify writes.
  const prototype: unknown = Object.getPrototypeOf(object);
  if (prototype !== Object.prototype && prototype !== null) return false;
  let previous: string | undefined;
  for (const key in object) {
    if (!Object.hasOwn(object, key) || (previous !== undefined && previous >= key)) return false;
    const value = object[key];
    if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return false;
    previous = key;
  }
  return true;
}

/**
 * A record's canonical form, written field by field in the order `canonicalJson` sorts them
 * into (action, actor, at, details, organisationId, prevHash, seq, subject, workflowId), with
 * its details' canonical JSON given (the text the record stores): the same text as
 * `canonicalJson` of the fields, without building, sorting and walking an object per record.
 */
export function canonicalRecord(fields: Omit<AuditRecordFields, 'details'>, detailsJson: string): string {
  return (
    `{"action":${JSON.stringify(fields.action)},"actor":${JSON.stringify(fields.actor)},"at":${JSON.stringify(fields.at)},"details":${detailsJson}` +
    `,"organisationId":${JSON.stringify(fields.organisationId)},"prevHash":${JSON.stringify(fields.prevHash)},"seq":${JSON.stringify(fields.seq)}` +
    `,"subject":${JSON.stringify(fields.subject)},"workflowId":${JSON.stringify(fields.workflowId)}}`
  );
}

/** SHA-256 (hex) of a record's canonical form: its fields, without `hash`. */
export function auditRecordHash(fields: AuditRecordFields): string {
  return auditRecordHashOf(fields, canonicalJson(fields.details));
}

/** The same, for a record whose details are already canonical JSON (as stored). */
export function auditRecordHashOf(fields: Omit<AuditRecordFields, 'details'>, detailsJson: string): string {
  return hash('sha256', canonicalRecord(fields, detailsJson), 'hex');
}
