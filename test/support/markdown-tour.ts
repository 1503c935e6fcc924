import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One runnable step of a tour: a ```bash block, and the ```text block right after it, its documented answer. */
export interface TourStep {
  /** Where it is written, e.g. `README.md, block 3`. */
  where: string;
  script: string;
  /** The answer as written, `…` standing for anything; undefined when the step documents none. */
  answer?: string;
}

const FENCE = /^```(\w*)\n([\s\S]*?)^```\s*$/gm;

/**
 * The steps of the Markdown files under `root`, in order: every ```bash block is a step (```sh
 * blocks are commands to read, not to run), and a ```text block that follows it with nothing but
 * blank lines between is what it answers.
 */
export function tourSteps(root: string, files: readonly string[]): TourStep[] {
  const steps: TourStep[] = [];
  for (const file of files) {
    const markdown = readFileSync(join(root, file), 'utf8');
    const blocks = [...markdown.matchAll(FENCE)].map((match) => ({ language: match[1], body: match[2], start: match.index, end: match.index + match[0].length }));
    blocks.forEach((block, index) => {
      if (block.language !== 'bash') return;
      const next = blocks[index + 1];
      const answered = next?.language === 'text' && markdown.slice(block.end, next.start).trim() === '';
      steps.push({ where: `${file}, step ${steps.filter((step) => step.where.startsWith(file)).length + 1}`, script: block.body, answer: answered ? next.body : undefined });
    });
  }
  return steps;
}

export const STEP_MARK = '@@tour-step@@';

/** One bash script running every step in order in one shell (so variables carry over), marking where each begins on stdout and stderr. */
export function tourScript(steps: readonly TourStep[]): string {
  return ['set -euo pipefail', ...steps.flatMap((step) => [`echo '${STEP_MARK}'; echo '${STEP_MARK}' >&2`, step.script]), `echo '${STEP_MARK}'`].join('\n');
}

/** The output of each step, from the marked output of tourScript (missing for the steps it never reached). */
export function outputsOf(output: string, count: number): Array<string | undefined> {
  const parts = output.split(`${STEP_MARK}\n`).slice(1);
  return Array.from({ length: count }, (_, index) => parts[index]);
}

const tidy = (text: string) => text.split('\n').map((line) => line.trimEnd()).join('\n').trim();

/** Whether `output` is the documented `answer`, where `…` stands for any text (within or across lines). */
export function answers(output: string, answer: string): boolean {
  const pattern = tidy(answer).split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(tidy(output));
}
