import type { EntityManager, IDatabaseDriver } from '@mikro-orm/core';
import { GENESIS_HASH } from '../../../../lib/audit-chain';
import type { DriverTransaction } from '../../../../lib/db';
import { auditHeadStatements } from './audit-head-statements';

/** Where an organisation's chain ends: its last record's seq and hash (0 and the genesis hash before the first). */
export interface ChainHead {
  seq: number;
  hash: string;
}

/** Organisations whose heads a process remembers, per database; past it, it forgets them all and reads again. */
const REMEMBERED_HEADS = 10_000;

/**
 * The head each organisation had after this process's last append, per database: a guess, right
 * while this process is the only appender, checked by the database before it is used.
 */
const lastKnown = new WeakMap<IDatabaseDriver, Map<string, ChainHead>>();

/**
 * Moves an organisation's head `count` records on, inside the transaction: `chain` is given the
 * head to chain after and answers the head its records end at. The head row is changed first, so
 * its row lock (PostgreSQL) or the write lock (SQLite) is held until commit and appenders take
 * turns.
 *
 * With the head this process last left, one conditional UPDATE does it all: it changes the row
 * only if the row still holds that exact seq and hash, so the records chain after the last
 * committed one. A guess left by a batch that rolled back, or passed by another replica's
 * appends, matches no row (the same seq with another hash does not match either); PostgreSQL
 * re-reads the row when the replica holding it commits, so the guess is checked against what
 * was committed. Then, and with no guess, the head is bumped by an UPDATE … RETURNING that
 * answers the head before, and its hash set once the records are chained.
 */
export async function advanceHead(tx: DriverTransaction, em: EntityManager, organisationId: string, count: number, chain: (before: ChainHead) => ChainHead): Promise<void> {
  const statements = auditHeadStatements(em);
  const heads = knownHeads(em);
  const guess = heads.get(organisationId);
  if (guess) {
    const after = chain(guess);
    if ((await tx.run(statements.advance, [count, after.hash, organisationId, guess.seq, guess.hash])) === 1) {
      heads.set(organisationId, after);
      return;
    }
  }
  const bumped = await takeSeqs(tx, statements, organisationId, count);
  const after = chain({ seq: bumped.seq - count, hash: bumped.hash });
  await tx.run(statements.setHash, [after.hash, organisationId]);
  heads.set(organisationId, after);
}

function knownHeads(em: EntityManager): Map<string, ChainHead> {
  let heads = lastKnown.get(em.getDriver());
  if (!heads) lastKnown.set(em.getDriver(), (heads = new Map()));
  if (heads.size >= REMEMBERED_HEADS) heads.clear();
  return heads;
}

/** Bumps the organisation's head by `count` (making it on its first record); answers the new seq and the hash before. */
async function takeSeqs(tx: DriverTransaction, statements: ReturnType<typeof auditHeadStatements>, organisationId: string, count: number): Promise<ChainHead> {
  for (;;) {
    const [bumped] = await tx.all(statements.bump, [count, organisationId]);
    if (bumped) return { seq: Number(bumped.seq), hash: bumped.hash as string };
    // No head yet: this is the organisation's first record, unless another replica makes its head meanwhile (then bump that).
    const [made] = await tx.all(statements.create, [organisationId, count, GENESIS_HASH]);
    if (made) return { seq: Number(made.seq), hash: made.hash as string };
  }
}
