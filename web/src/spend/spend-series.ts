export interface SpendRow {
  hour: string;
  workflowId: string;
  costCents: number;
}

const HOUR_MS = 3_600_000;

/** One point per UTC hour of the window (empty hours at zero), one line per workflow, keyed by its name. */
export function hourlySeries(rows: SpendRow[], hours: number, nameOf: (workflowId: string) => string, now = new Date()): Array<Record<string, number | string>> {
  const current = Math.floor(now.getTime() / HOUR_MS);
  const names = [...new Set(rows.map((row) => nameOf(row.workflowId)))];
  const series = new Map<number, Record<string, number | string>>();
  for (let back = hours - 1; back >= 0; back--) {
    const point: Record<string, number | string> = { hour: new Date((current - back) * HOUR_MS).toISOString() };
    for (const name of names) point[name] = 0;
    series.set(current - back, point);
  }
  for (const row of rows) {
    const point = series.get(Math.floor(new Date(row.hour).getTime() / HOUR_MS));
    if (point) point[nameOf(row.workflowId)] = (point[nameOf(row.workflowId)] as number) + row.costCents;
  }
  return [...series.values()];
}

/** Each workflow's spend over the window, the biggest first. */
export function workflowTotals(rows: SpendRow[], nameOf: (workflowId: string) => string): Array<{ name: string; costCents: number }> {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(nameOf(row.workflowId), (totals.get(nameOf(row.workflowId)) ?? 0) + row.costCents);
  return [...totals].map(([name, costCents]) => ({ name, costCents })).sort((a, b) => b.costCents - a.costCents || a.name.localeCompare(b.name));
}
