export { auditRecordHash, auditRecordHashOf, canonicalJson, canonicalRecord, GENESIS_HASH } from './canonical-form';
export type { AuditRecordFields, AuditRecordLine } from './canonical-form';
export { verifyAuditExport } from './verify-chain';
export type { ChainVerdict } from './verify-chain';
