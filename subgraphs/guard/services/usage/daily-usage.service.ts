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

const DAY_MS = 86_400_000;
export const MAX_USAGE_DAYS = 90;

/**
 * Usage of an organisation per model and per UTC day, for the operator console's chart. The
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
    const scope = await this.access.requireRead(organisationId);
    const today = Math.floor(Date.now() / DAY_MS);
    const since = new Date((today - days + 1) * DAY_MS);
    const rows = await sqlEntityManager(this.em)
      .createQueryBuilder(UsageEvent)
      .select([
        raw(`${this.dayNumber()} as day`),
        'model',
        raw(`sum(case when type in ('llm_call', 'tool_call') then 1 else 0 end) as calls`),
        raw('sum(tokens) as tokens'),
        raw('sum(cost_microcents) as cost'),
      ])
      .where({ organisationId, receivedAt: { $gte: since }, ...(scope.workflowId !== null && { workflowId: scope.workflowId }) })
      .groupBy([raw('day'), 'model'])
      .orderBy({ [raw('day')]: 'asc', model: 'asc nulls first' })
      .execute<Array<{ day: number | string; model: string | null; calls: number | string; tokens: number | string; cost: number | string }>>('all', false);
    return rows.map((row) => ({
      day: new Date(Number(row.day) * DAY_MS).toISOString().slice(0, 10),
      model: row.model,
      calls: Number(row.calls),
      tokens: Number(row.tokens),
      costCents: toCents(Number(row.cost)),
    }));
  }

  /** Days since the Unix epoch (UTC) of `received_at`: SQLite keeps it as epoch milliseconds. */
  private dayNumber(): string {
    return this.em.getDriver() instanceof BetterSqliteDriver
      ? 'cast(received_at / 86400000 as integer)'
      : 'cast(floor(extract(epoch from received_at) / 86400) as integer)';
  }
}
