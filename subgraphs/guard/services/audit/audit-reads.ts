import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { AuditRecordLine } from '../../../../lib/audit-chain';
import { badInput } from '../../../../lib/errors';
import { AuditRecord } from '../../entities';
import type { OrganisationAccess } from '../callers/organisation-access';

export interface AuditFilter {
  workflowId?: string | null;
  /** An exact action (`workflow.pause`), or a family ending in a dot (`gate.`). */
  action?: string | null;
  actor?: string | null;
  since?: Date | null;
  until?: Date | null;
}

export interface AuditPage {
  records: AuditRecordLine[];
  /** Pass as `after` for the next (older) page; null when there is none. */
  endCursor: string | null;
  hasMore: boolean;
}

export interface AuditExportPage {
  /** JSON Lines: one record a line, in chain order, each ending with a newline. */
  jsonl: string;
  records: number;
  /** The last seq in this page: ask again with `afterSeq` set to it while `complete` is false. */
  lastSeq: number | null;
  complete: boolean;
}

const MAX_PAGE = 200;
const MAX_EXPORT = 5000;
const CURSOR_PREFIX = 'audit:';

/** Reading an organisation's audit trail: pages of records, newest first, and exports in chain order. */
export class AuditReads {
  constructor(
    private readonly em: EntityManager,
    private readonly access: OrganisationAccess,
  ) {}

  async page(organisationId: string, filter: AuditFilter, first: number, after: string | null | undefined): Promise<AuditPage> {
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw badInput('first', `first must be a whole number from 1 to ${MAX_PAGE}`);
    const before = after === null || after === undefined ? undefined : seqOfCursor(after);
    await this.access.requireRead(organisationId);
    const where = { organisationId, ...conditionsOf(filter), ...(before !== undefined && { seq: { $lt: before } }) } as FilterQuery<AuditRecord>;
    const rows = await this.em.find(AuditRecord, where, { orderBy: { seq: 'desc' }, limit: first + 1 });
    const records = rows.slice(0, first).map(lineOf);
    const hasMore = rows.length > first;
    return { records, hasMore, endCursor: hasMore ? cursorOf(records.at(-1)!.seq) : null };
  }

  /** Records after `afterSeq` in chain order, unfiltered: the whole chain, page by page. */
  async exportPage(organisationId: string, afterSeq: number, limit: number): Promise<AuditExportPage> {
    if (!Number.isInteger(afterSeq) || afterSeq < 0) throw badInput('afterSeq', 'afterSeq must be a whole number from 0');
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_EXPORT) throw badInput('limit', `limit must be a whole number from 1 to ${MAX_EXPORT}`);
    await this.access.requireRead(organisationId);
    const rows = await this.em.find(AuditRecord, { organisationId, seq: { $gt: afterSeq } }, { orderBy: { seq: 'asc' }, limit: limit + 1 });
    const lines = rows.slice(0, limit).map(lineOf);
    return {
      jsonl: lines.map((line) => `${JSON.stringify(line)}\n`).join(''),
      records: lines.length,
      lastSeq: lines.at(-1)?.seq ?? null,
      complete: rows.length <= limit,
    };
  }
}

function conditionsOf(filter: AuditFilter): Record<string, unknown> {
  const where: Record<string, unknown> = {};
  if (filter.workflowId) where.workflowId = filter.workflowId;
  if (filter.actor) where.actor = filter.actor;
  if (filter.action) where.action = filter.action.endsWith('.') ? { $like: `${filter.action.replace(/[%_\\]/g, '\\$&')}%` } : filter.action;
  if (filter.since && Number.isNaN(filter.since.getTime())) throw badInput('filter.since', 'since must be a date');
  if (filter.until && Number.isNaN(filter.until.getTime())) throw badInput('filter.until', 'until must be a date');
  if (filter.since && filter.until && filter.since > filter.until) throw badInput('filter.until', 'until must not be before since');
  // `at` is ISO 8601 UTC text of one length, so text order is time order.
  if (filter.since || filter.until) where.at = { ...(filter.since && { $gte: filter.since.toISOString() }), ...(filter.until && { $lte: filter.until.toISOString() }) };
  return where;
}

function lineOf(row: AuditRecord): AuditRecordLine {
  return {
    organisationId: row.organisationId,
    seq: Number(row.seq),
    at: row.at,
    actor: row.actor,
    action: row.action,
    workflowId: row.workflowId,
    subject: row.subject,
    details: JSON.parse(row.details) as Record<string, unknown>,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

function cursorOf(seq: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${seq}`).toString('base64url');
}

/** The seq a cursor stands for; a clear error for anything this field did not give out. */
function seqOfCursor(cursor: string): number {
  const text = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^audit:([1-9][0-9]{0,14})$/.exec(text);
  if (!match) throw badInput('after', 'after is not a cursor this field gave out (pass a page’s endCursor)');
  return Number(match[1]);
}
