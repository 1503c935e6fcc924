import { raw, type EntityManager } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import { sqlEntityManager } from '../../../../lib/db';
import { badInput } from '../../../../lib/errors';
import { UsageEvent } from '../../entities';
import type { OrganisationAccess } from '../callers/organisation-access';
import { toCents } from '../shared/workflow-snapshot';

export interface DailyModelUsage {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  model: string | null;
  calls: number;
  tokens: number;
  costCents: number;
}

export interface WorkflowHourlySpend {
  /** The UTC hour's start. */
  hour: Date;
  workflowId: string;
  calls: number;
  tokens: number;
  costCents: number;
}

interface GroupedRow {
  bucket: number;
  model?: string | null;
  workflowId?: string | null;
  usage: { calls: number; tokens: number; costCents: number };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
export const MAX_USAGE_DAYS = 90;
/** A week of hours. */
export const MAX_SPEND_HOURS = 168;

/**
 * Usage of an organisation over time, for the operator console's charts: per model and per UTC
 * day, and the spend of each workflow per UTC hour. The
 * grouping runs in SQL so a busy organisation's events never travel to the subgraph one by one.
 */
export class DailyUsageService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: OrganisationAccess,
  ) {}

  /** The last `days` UTC days, today included, oldest first (events without a model first each day); days without events are absent. */
  async perModelPerDay(organisationId: string, days: number): Promise<DailyModelUsage[]> {
    if (!Number.isInteger(days) || days < 1 || days > MAX_USAGE_DAYS) throw badInput('days', `days must be a whole number from 1 to ${MAX_USAGE_DAYS}`);
    const rows = await this.grouped(organisationId, DAY_MS, days, 'model');
    return rows.map((row) => ({ day: new Date(row.bucket * DAY_MS).toISOString().slice(0, 10), model: row.model ?? null, ...row.usage }));
  }

  /** Spend of each workflow per UTC hour over the last `hours` hours, this one included, oldest first; hours without events are absent. */
  async perWorkflowPerHour(organisationId: string, hours: number): Promise<WorkflowHourlySpend[]> {
    if (!Number.isInteger(hours) || hours < 1 || hours > MAX_SPEND_HOURS) throw badInput('hours', `hours must be a whole number from 1 to ${MAX_SPEND_HOURS}`);
    const rows = await this.grouped(organisationId, HOUR_MS, hours, 'workflowId');
    return rows.filter((row) => row.workflowId).map((row) => ({ hour: new Date(row.bucket * HOUR_MS), workflowId: row.workflowId!, ...row.usage }));
  }

  /** Calls, tokens and cost per time bucket (`bucketMs` wide) and per `column`, over the last `buckets` buckets. */
  private async grouped(organisationId: string, bucketMs: number, buckets: number, column: 'model' | 'workflowId'): Promise<GroupedRow[]> {
    const scope = await this.access.requireRead(organisationId);
    const current = Math.floor(Date.now() / bucketMs);
    const since = new Date((current - buckets + 1) * bucketMs);
    const rows = await sqlEntityManager(this.em)
      .createQueryBuilder(UsageEvent)
      .select([
        raw(`${this.bucketNumber(bucketMs)} as bucket`),
        column,
        raw(`sum(case when type in ('llm_call', 'tool_call') then 1 else 0 end) as calls`),
        raw('sum(tokens) as tokens'),
        raw('sum(cost_microcents) as cost'),
      ])
      .where({ organisationId, receivedAt: { $gte: since }, ...(scope.workflowId !== null && { workflowId: scope.workflowId }) })
      .groupBy([raw('bucket'), column])
      .orderBy({ [raw('bucket')]: 'asc', [column]: 'asc nulls first' })
      .execute<Array<{ bucket: number | string; model?: string | null; workflow_id?: string | null; calls: number | string; tokens: number | string; cost: number | string }>>('all', false);
    return rows.map((row) => ({
      bucket: Number(row.bucket),
      model: row.model,
      workflowId: row.workflow_id,
      usage: { calls: Number(row.calls), tokens: Number(row.tokens), costCents: toCents(Number(row.cost)) },
    }));
  }

  /** Buckets since the Unix epoch (UTC) of `received_at`: SQLite keeps it as epoch milliseconds. */
  private bucketNumber(bucketMs: number): string {
    return this.em.getDriver() instanceof BetterSqliteDriver
      ? `cast(received_at / ${bucketMs} as integer)`
      : `cast(floor(extract(epoch from received_at) / ${bucketMs / 1000}) as integer)`;
  }
}
