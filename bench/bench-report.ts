import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The tables `npm run bench` prints, kept per section, and written into the table section of
 * docs/benchmarks.md: each section's block is replaced by its latest run (`--only` replaces only
 * the sections it ran), so the document holds the latest table of every section and no history.
 */
const printed = new Map<string, string[]>();
let current: string | undefined;

/** Forgets the tables reported so far: a run of the bench starts with none. */
export function startReport(): void {
  printed.clear();
  current = undefined;
}

/** The section whose tables printTable is printing from now on. */
export function reportSection(name: string): void {
  current = name;
  printed.set(name, []);
}

/** One printed table (title, rules and rows), for the section under way. */
export function reportTable(text: string): void {
  if (current) printed.get(current)?.push(text);
}

export const BENCHMARKS_DOC = join(__dirname, '..', '..', 'docs', 'benchmarks.md');
const START = '<!-- bench:tables -->';
const END = '<!-- /bench:tables -->';
const blockStart = (name: string) => `<!-- bench:section ${name} -->`;
const blockEnd = (name: string) => `<!-- /bench:section ${name} -->`;

/** The blocks between START and END of `doc`, by section name, in their order. */
function blocksOf(doc: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of doc.matchAll(/<!-- bench:section (\S+) -->\n([\s\S]*?)<!-- \/bench:section \1 -->/g)) blocks.set(match[1], match[2]);
  return blocks;
}

/**
 * Writes the sections run into `path`'s table section, in `order` (the bench's), keeping the
 * blocks of sections this run did not run. `heading` says when, where and on what it ran.
 */
export function writeBenchmarksDoc(order: readonly { name: string; summary: string }[], heading: string, path = BENCHMARKS_DOC): string[] {
  if (!existsSync(path)) throw new Error(`${path} is missing: it holds the bench's tables between ${START} and ${END}`);
  const doc = readFileSync(path, 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from === -1 || to < from) throw new Error(`${path} has no ${START} … ${END} section for the bench's tables`);
  const blocks = blocksOf(doc.slice(from, to));
  const written: string[] = [];
  for (const { name, summary } of order) {
    const tables = printed.get(name);
    if (!tables?.length) continue;
    blocks.set(name, `### \`${name}\`: ${summary}\n\n${heading}\n\n\`\`\`text\n${tables.join('\n\n')}\n\`\`\`\n`);
    written.push(name);
  }
  // The bench's order first; then the blocks of sections it no longer has, as they were.
  const names = [...order.map(({ name }) => name).filter((name) => blocks.has(name)), ...[...blocks.keys()].filter((name) => !order.some((section) => section.name === name))];
  const body = names.map((name) => `${blockStart(name)}\n${blocks.get(name)}${blockEnd(name)}`).join('\n\n');
  writeFileSync(path, `${doc.slice(0, from)}${START}\n${body}\n${doc.slice(to)}`);
  return written;
}
