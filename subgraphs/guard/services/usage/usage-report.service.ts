import { raw, type EntityManager } from '@mikro-orm/core';
import { sqlEntityManager } from '../../../../lib/db';
import { badInput } from '../../../../lib/errors';
import { UsageEvent } from '../../entities';
import type { OrganisationAccess } from '../callers/organisation-access';
import { toCents } from '../shared/workflow-snapshot';

export interface WorkflowUsage {
  workflowId: string | null;
  calls: number;
  tokens: number;
  costCents: number;
}

const WINDOW = /^(\d{1,5})([mhd])$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const MAX_WINDOW_MS = 90 * UNIT_MS.d;

/** `24h`, `30m`, `7d` → milliseconds; at most 90 days. */
export function parseWindow(window: string): number {
  const match = WINDOW.exec(window);
  const ms = match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : NaN;
  if (!match || ms <= 0 || ms > MAX_WINDOW_MS) throw badInput('window', 'window must be like 30m, 24h or 7d, and at most 90d');
  return ms;
}

/** Usage totals per workflow over a recent window: calls (LLM and tool calls), tokens, cost. */
export class UsageReportService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: OrganisationAccess,
  ) {}

  async ofWorkflow(organisationId: string, workflowId: string, window: string): Promise<WorkflowUsage> {
    const [usage] = await this.byWorkflow(organisationId, window, workflowId);
    return usage ?? { workflowId, calls: 0, tokens: 0, costCents: 0 };
  }

  async byWorkflow(organisationId: string, window: string, workflowId?: string): Promise<WorkflowUsage[]> {
    const since = new Date(Date.now() - parseWindow(window));
    const scope = await this.access.requireRead(organisationId, workflowId);
    const only = workflowId ?? scope.workflowId ?? undefined;
    const rows = await sqlEntityManager(this.em)
      .createQueryBuilder(UsageEvent)
      .select([
        'workflowId',
        raw(`sum(case when type in ('llm_call', 'tool_call') then 1 else 0 end) as calls`),
        raw('sum(tokens) as tokens'),
        raw('sum(cost_microcents) as cost'),
      ])
      .where({ organisationId, receivedAt: { $gte: since }, ...(only !== undefined && { workflowId: only }) })
      .groupBy('workflowId')
      .orderBy({ workflowId: 'asc' })
      .execute<Array<{ workflow_id: string | null; calls: number | string; tokens: number | string; cost: number | string }>>('all', false);
    return rows.map((row) => ({ workflowId: row.workflow_id, calls: Number(row.calls), tokens: Number(row.tokens), costCents: toCents(Number(row.cost)) }));
  }
}
