import { auditRecordHash, GENESIS_HASH, type AuditRecordLine } from './canonical-form';

export type ChainVerdict =
  | { ok: true; records: number; organisationId: string; firstSeq: number; lastSeq: number; lastHash: string }
  | { ok: false; kind: 'not_json_lines' | 'broken_chain'; line: number; seq: number | null; problem: string };

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Checks an audit export (JSON Lines, one record a line, in chain order): every line a record,
 * every record's `hash` its canonical form's, each `prevHash` the record before's `hash`, and
 * `seq` growing by one. Names the first line at fault. An export that starts at seq 1 must start
 * from the genesis hash; one that starts later is checked from its first record on.
 */
export function verifyAuditExport(text: string): ChainVerdict {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length === 0) return notJsonLines(1, 'The file holds no records');
  let previous: AuditRecordLine | undefined;
  let first: AuditRecordLine | undefined;
  for (const [index, text] of lines.entries()) {
    const line = index + 1;
    const parsed = parseRecord(text.endsWith('\r') ? text.slice(0, -1) : text);
    if (typeof parsed === 'string') return notJsonLines(line, parsed);
    const record = parsed;
    const broken = (problem: string): ChainVerdict => ({ ok: false, kind: 'broken_chain', line, seq: record.seq, problem });
    if (auditRecordHash(record) !== record.hash) return broken('The record was changed: its hash is not the hash of its content');
    if (!previous) {
      if (record.seq === 1 && record.prevHash !== GENESIS_HASH) return broken('The first record of the organisation does not start from the genesis hash');
      first = record;
    } else {
      if (record.organisationId !== previous.organisationId) return broken(`The record is of another organisation (${record.organisationId}) than the one before`);
      if (record.seq !== previous.seq + 1) return broken(`The record is out of sequence: seq ${previous.seq + 1} should follow seq ${previous.seq} (a record was removed or moved)`);
      if (record.prevHash !== previous.hash) return broken(`The record does not chain: its prevHash is not the hash of seq ${previous.seq}`);
    }
    previous = record;
  }
  return { ok: true, records: lines.length, organisationId: first!.organisationId, firstSeq: first!.seq, lastSeq: previous!.seq, lastHash: previous!.hash };
}

function notJsonLines(line: number, problem: string): ChainVerdict {
  return { ok: false, kind: 'not_json_lines', line, seq: null, problem };
}

/** The record on a line, or why the line is not one. */
function parseRecord(text: string): AuditRecordLine | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text.trim() === '' ? 'The line is empty' : 'The line is not JSON';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'The line is not a JSON object';
  const record = value as Record<string, unknown>;
  const strings = ['organisationId', 'at', 'actor', 'action'] as const;
  for (const field of strings) if (typeof record[field] !== 'string') return `The record has no string ${field}`;
  for (const field of ['workflowId', 'subject'] as const) if (record[field] !== null && typeof record[field] !== 'string') return `The record's ${field} is neither a string nor null`;
  if (!Number.isSafeInteger(record.seq) || (record.seq as number) < 1) return 'The record has no seq (a whole number from 1)';
  if (!record.details || typeof record.details !== 'object' || Array.isArray(record.details)) return 'The record has no details object';
  for (const field of ['prevHash', 'hash'] as const) if (typeof record[field] !== 'string' || !HEX64.test(record[field] as string)) return `The record's ${field} is not a SHA-256 in hex`;
  return record as unknown as AuditRecordLine;
}
