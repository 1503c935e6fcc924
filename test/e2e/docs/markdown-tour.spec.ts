import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answers, outputsOf, STEP_MARK, tourScript, tourSteps } from '../../support/markdown-tour';

describe('reading a tour out of Markdown', () => {
  const root = mkdtempSync(join(tmpdir(), 'switchyard-markdown-'));
  writeFileSync(
    join(root, 'a.md'),
    ['# A', '', '```sh', 'npm start', '```', '', '```bash', 'echo one', '```', '', '```text', 'one', '```', '', 'Prose.', '', '```bash', 'echo two', '```', '', 'Prose between.', '', '```text', 'not its answer', '```', ''].join('\n'),
  );

  it('takes bash blocks as steps, sh blocks not at all, and a text block right after a step as its answer', () => {
    expect(tourSteps(root, ['a.md'])).toEqual([
      { where: 'a.md, step 1', script: 'echo one\n', answer: 'one\n' },
      { where: 'a.md, step 2', script: 'echo two\n', answer: undefined },
    ]);
  });

  it('marks each step in the script it runs, and splits the output back by step', () => {
    const script = tourScript(tourSteps(root, ['a.md']));
    expect(script.startsWith('set -euo pipefail\n')).toBe(true);
    expect(outputsOf(`${STEP_MARK}\none\n${STEP_MARK}\ntwo\n${STEP_MARK}\n`, 2)).toEqual(['one\n', 'two\n']);
    expect(outputsOf(`${STEP_MARK}\none\n`, 2)).toEqual(['one\n', undefined]);
  });

  it('matches an answer with … standing for any text, and nothing else', () => {
    expect(answers('["org-1234"]\n', '["org-…"]')).toBe(true);
    expect(answers('a\nb  \nc', 'a\n…\nc')).toBe(true);
    expect(answers('["org-1234"]', '["usr-…"]')).toBe(false);
    expect(answers('Killed\nextra', 'Killed')).toBe(false);
    expect(answers('1.5', '1x5')).toBe(false);
  });
});
