import { acknowledged } from '../../test/support/steady-load';
import { errorKind, percentile, tally, type TimedOutcome } from './reconciliation';

/** One line of the table printed every interval. */
export interface IntervalLine {
  atSeconds: number;
  /** Answers a second over the interval. */
  rate: number;
  errors: number;
  /** The interval's errors by kind, most first: `product 502 ×3`. */
  errorKinds: string;
  p50: number;
  p99: number;
  subscriptions: string;
  fault: string;
}

/** The interval table's columns: printed a line at a time, so their widths are fixed (`-` left-aligned). */
const INTERVAL_COLUMNS: Array<[string, number]> = [
  ['t (s)', 5],
  ['req/s', 6],
  ['errors', 6],
  ['p50 ms', 7],
  ['p99 ms', 7],
  ['subs', 4],
  ['fault in force', -40],
  ['errors by kind', -1],
];

const cell = (text: string, width: number) => (width < 0 ? text.padEnd(-width) : text.padStart(width));

/** The interval table's header and its rule. */
export function intervalHeader(): string {
  return [INTERVAL_COLUMNS.map(([name, width]) => cell(name, width)).join('  ').trimEnd(), INTERVAL_COLUMNS.map(([name, width]) => '-'.repeat(Math.max(name.length, Math.abs(width)))).join('  ')].join('\n');
}

/** One line of the interval table. */
export function intervalRow(line: IntervalLine): string {
  return intervalCells(line)
    .map((text, column) => cell(text, Math.sign(INTERVAL_COLUMNS[column][1]) * Math.max(INTERVAL_COLUMNS[column][0].length, Math.abs(INTERVAL_COLUMNS[column][1]))))
    .join('  ')
    .trimEnd();
}

export function intervalLine(atSeconds: number, seconds: number, outcomes: TimedOutcome[], subscriptions: string, fault: string): IntervalLine {
  const failed = outcomes.filter((outcome) => !acknowledged(outcome));
  const latencies = outcomes.map((outcome) => outcome.endedAt - outcome.startedAt);
  return {
    atSeconds,
    rate: outcomes.length / seconds,
    errors: failed.length,
    errorKinds: tally(failed, errorKind)
      .slice(0, 3)
      .map(([kind, count]) => `${kind} ×${count}`)
      .join(', '),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    subscriptions,
    fault,
  };
}

const fixed = (value: number, digits = 0) => (Number.isNaN(value) ? '–' : value.toFixed(digits));

export function intervalCells(line: IntervalLine): string[] {
  return [String(Math.round(line.atSeconds)), fixed(line.rate, 1), String(line.errors), fixed(line.p50), fixed(line.p99), line.subscriptions, line.fault || '–', line.errorKinds || '–'];
}

const NUMERIC = /^[-–\d.,]*$/;

/** An aligned text table: columns of numbers right-aligned, the others left-aligned. */
export function renderTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => NUMERIC.test(row[column] ?? '')));
  const render = (row: string[]) => widths.map((width, column) => (numeric[column] ? (row[column] ?? '').padStart(width) : (row[column] ?? '').padEnd(width))).join('  ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [render(header), rule, ...rows.map(render)].join('\n');
}

/** Per kind of request: how many, how many failed, and their latency. */
export function kindRows(outcomes: TimedOutcome[]): string[][] {
  const kinds = [...new Set(outcomes.map((outcome) => outcome.request.kind))].sort();
  return kinds.map((kind) => {
    const of = outcomes.filter((outcome) => outcome.request.kind === kind);
    const latencies = of.map((outcome) => outcome.endedAt - outcome.startedAt);
    return [kind, String(of.length), String(of.filter((outcome) => !acknowledged(outcome)).length), fixed(percentile(latencies, 0.5)), fixed(percentile(latencies, 0.99))];
  });
}
