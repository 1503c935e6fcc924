/** Latency summary of a run, in milliseconds. */
export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** Prints rows as an aligned two-column table. */
export function printTable(title: string, rows: Array<[string, string]>): void {
  const width = Math.max(...rows.map(([name]) => name.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  const line = `+${'-'.repeat(width + 2)}+${'-'.repeat(valueWidth + 2)}+`;
  console.log(`\n${title}`);
  console.log(line);
  for (const [name, value] of rows) console.log(`| ${name.padEnd(width)} | ${value.padStart(valueWidth)} |`);
  console.log(line);
}
