import { createHash } from 'node:crypto';
import { auditRecordHash, auditRecordHashOf, canonicalJson, canonicalRecord, GENESIS_HASH, type AuditRecordFields } from './canonical-form';

const records: AuditRecordFields[] = [
  {
    organisationId: 'org-1',
    seq: 1,
    at: '2030-01-02T03:04:05.678Z',
    actor: 'key:abc',
    action: 'gate.allow',
    workflowId: 'wf-1',
    subject: 'search',
    details: { reservationId: 'r-1', explanation: 'ALLOWED', errorCode: null, projectedCostCents: 0.12, model: 'gpt-4o-mini' },
    prevHash: GENESIS_HASH,
  },
  {
    organisationId: 'org "quoted" \\ ü ✓',
    seq: 9_007_199_254_740_991,
    at: '2030-12-31T23:59:59.999Z',
    actor: 'user:\u2028line',
    action: 'workflow.budget',
    workflowId: null,
    subject: null,
    details: { z: [3, { b: 1, a: [null, 'x'] }], A: { nested: { y: true, x: false } }, skipped: undefined, '\u00e9': -0.5 },
    prevHash: 'f'.repeat(64),
  },
  { organisationId: 'o', seq: 2, at: 'a', actor: 'system', action: 'workflow.resume', workflowId: 'w', subject: null, details: {}, prevHash: 'a'.repeat(64) },
];

describe('the canonical form of an audit record', () => {
  it.each(records.map((record) => [record.action, record]))('is written field by field exactly as canonicalJson sorts the fields (%s)', (_action, record) => {
    const { organisationId, seq, at, actor, action, workflowId, subject, details, prevHash } = record;
    const sorted = canonicalJson({ organisationId, seq, at, actor, action, workflowId, subject, details, prevHash });
    expect(canonicalRecord(record, canonicalJson(record.details))).toBe(sorted);
    const sha = createHash('sha256').update(sorted).digest('hex');
    expect(auditRecordHash(record)).toBe(sha);
    expect(auditRecordHashOf(record, canonicalJson(record.details))).toBe(sha);
  });

  it('writes an object already in canonical order as JSON.stringify does, and any other one sorted', () => {
    const flat = { a: null, b: 'x "q" \u2028', c: -0, d: Number.NaN, e: true, f: 1e21 };
    expect(canonicalJson(flat)).toBe(JSON.stringify(flat));
    expect(canonicalJson({ f: 1, a: 2 })).toBe('{"a":2,"f":1}');
    expect(canonicalJson({ '10': 1, '9': 2 })).toBe('{"10":1,"9":2}');
    expect(canonicalJson({ a: new Date(0), b: undefined })).toBe('{"a":{}}');
    expect(canonicalJson(Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 }))).toBe('{"own":2}');
  });

  it('sorts keys by code unit, drops undefined members and writes no white space', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [1, undefined, 'x'] }, B: null })).toBe('{"B":null,"a":{"c":[1,null,"x"]},"b":1}');
  });
});
