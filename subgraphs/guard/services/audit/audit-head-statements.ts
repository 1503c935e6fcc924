import type { EntityManager, IDatabaseDriver } from '@mikro-orm/core';
import { qualifiedTable } from '../../../../lib/db/request-connection';
import { AuditHead } from '../../entities';

/** The statements on an organisation's chain head (`?` placeholders), for a driver transaction. */
export interface AuditHeadStatements {
  /** `[count, organisationId]`: moves the head `count` seqs on; answers the new `seq` and the `hash` before (no row: no head yet). */
  bump: string;
  /** `[organisationId, count, genesis]`: the head of an organisation's first records; no row when another appender made it first. */
  create: string;
  /** `[hash, organisationId]`: the hash of the head's last record. */
  setHash: string;
  /**
   * `[count, hash, organisationId, seq, hashBefore]`: moves the head `count` seqs on to a last
   * record of `hash`, only from the head `(seq, hashBefore)` (no row changed from any other).
   */
  advance: string;
}

const compiled = new WeakMap<IDatabaseDriver, AuditHeadStatements>();

/** Built once per database from the entity's metadata (table, its schema, its columns). */
export function auditHeadStatements(em: EntityManager): AuditHeadStatements {
  const known = compiled.get(em.getDriver());
  if (known) return known;
  const meta = em.getMetadata().get(AuditHead.name);
  const quote = (name: string) => em.getPlatform().quoteIdentifier(name);
  const column = (property: 'organisationId' | 'seq' | 'hash') => quote(meta.properties[property].fieldNames[0]);
  const [organisation, seq, hash] = [column('organisationId'), column('seq'), column('hash')];
  const table = qualifiedTable(em, meta.tableName, meta.schema);
  const statements: AuditHeadStatements = {
    bump: `update ${table} set ${seq} = ${seq} + ? where ${organisation} = ? returning ${seq} as seq, ${hash} as hash`,
    create: `insert into ${table} (${organisation}, ${seq}, ${hash}) values (?, ?, ?) on conflict (${organisation}) do nothing returning ${seq} as seq, ${hash} as hash`,
    setHash: `update ${table} set ${hash} = ? where ${organisation} = ?`,
    advance: `update ${table} set ${seq} = ${seq} + ?, ${hash} = ? where ${organisation} = ? and ${seq} = ? and ${hash} = ?`,
  };
  compiled.set(em.getDriver(), statements);
  return statements;
}
