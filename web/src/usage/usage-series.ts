import type { DailyModelUsageQuery } from '../graphql/graphql';

export type UsageRow = DailyModelUsageQuery['dailyModelUsage'][number];
export type Metric = 'costCents' | 'tokens' | 'calls';

export const NO_MODEL = 'no model';

export interface ModelTotal {
  model: string;
  calls: number;
  tokens: number;
  costCents: number;
}

/** One bar per UTC day of the window (empty days included), one stack segment per model. */
export function dailySeries(rows: UsageRow[], metric: Metric, days: number, now = new Date()): Array<Record<string, number | string>> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const series = new Map<string, Record<string, number | string>>();
  for (let back = days - 1; back >= 0; back--) {
    const day = new Date(today - back * 86_400_000).toISOString().slice(0, 10);
    series.set(day, { day });
  }
  for (const row of rows) {
    const bar = series.get(row.day);
    if (!bar) continue;
    const model = row.model ?? NO_MODEL;
    bar[model] = ((bar[model] as number | undefined) ?? 0) + row[metric];
  }
  return [...series.values()];
}

/** Totals per model over the window, most expensive first. */
export function modelTotals(rows: UsageRow[]): ModelTotal[] {
  const totals = new Map<string, ModelTotal>();
  for (const row of rows) {
    const model = row.model ?? NO_MODEL;
    const total = totals.get(model) ?? { model, calls: 0, tokens: 0, costCents: 0 };
    total.calls += row.calls;
    total.tokens += row.tokens;
    total.costCents += row.costCents;
    totals.set(model, total);
  }
  return [...totals.values()].sort((a, b) => b.costCents - a.costCents || a.model.localeCompare(b.model));
}
