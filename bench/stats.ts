import { reportTable } from './bench-report';

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

export const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(value < 10 ? 2 : 1)} ms`);

export const perSecond = (value: number, unit = 'req/s') => (Number.isNaN(value) ? '–' : `${Math.round(value).toLocaleString('en')} ${unit}`);

/** Prints rows as an aligned table: the first column left-aligned, the others right-aligned; `header` above a rule. */
export function printTable(title: string, rows: string[][], header?: string[]): void {
  const all = header ? [header, ...rows] : rows;
  const columns = Math.max(...all.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = `+${widths.map((width) => '-'.repeat(width + 2)).join('+')}+`;
  const render = (row: string[]) => `| ${widths.map((width, column) => (column === 0 ? (row[column] ?? '').padEnd(width) : (row[column] ?? '').padStart(width))).join(' | ')} |`;
  const text = [title, line, ...(header ? [render(header), line] : []), ...rows.map(render), line].join('\n');
  console.log(`\n${text}`);
  reportTable(text);
}
