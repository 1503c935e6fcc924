import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromDist } from '../../support/from-dist';
import { answers, outputsOf, tourScript, tourSteps } from '../../support/markdown-tour';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';

const ROOT = join(__dirname, '..', '..', '..');
/** The tour, then the walkthrough that goes on from where it stops (same shell, same variables). */
const DOCS = ['README.md', 'docs/walkthrough.md'];
const steps = tourSteps(ROOT, DOCS);

interface Ran {
  code: number | null;
  stdout: Array<string | undefined>;
  stderr: Array<string | undefined>;
}

/** Runs the steps with bash in the repository's folder, as a reader would in a second shell. */
function runTour(env: NodeJS.ProcessEnv): Promise<Ran> {
  const file = join(mkdtempSync(join(tmpdir(), 'switchyard-tour-')), 'tour.sh');
  writeFileSync(file, tourScript(steps));
  // Its own process group: the helpers it starts in the background are stopped with it.
  const child = spawn('bash', [file], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // every helper had already stopped
      }
      // What the shell wrote before exiting is read once its pipes are drained.
      setImmediate(() => resolve({ code, stdout: outputsOf(stdout, steps.length), stderr: outputsOf(stderr, steps.length) }));
    }),
  );
}

describe('the README tour and docs walkthrough, run as written', () => {
  let stack: OwnStack;
  let ran: Ran;

  beforeAll(async () => {
    // What the README tells a reader to start: `FEED_ADMIN_EMAILS=admin@example.com STORE_WEBHOOK_ALLOW_PRIVATE=true npm start`.
    stack = await launchOwnStack({ NODE_ENV: 'development', FEED_ADMIN_EMAILS: 'admin@example.com', STORE_WEBHOOK_ALLOW_PRIVATE: 'true' });
    const { freePort } = fromDist<typeof import('../../support/free-port')>('test/support/free-port');
    const { shimUrl, gatewayUrl, webUrl } = stack.target;
    ran = await runTour({ PATH: process.env.PATH, HOME: process.env.HOME, API: shimUrl, GRAPHQL: gatewayUrl, WEB: webUrl, HOOKS_PORT: String(await freePort()) });
  }, 300_000);
  afterAll(() => stack?.stop());

  it('finds the steps: bash blocks, most with their answer', () => {
    expect(steps.length).toBeGreaterThanOrEqual(7);
    expect(steps.filter((step) => step.answer !== undefined).length).toBeGreaterThanOrEqual(7);
  });

  it('runs every step to the end', () => {
    const reached = ran.stdout.filter((output) => output !== undefined).length;
    const failed = steps[Math.min(reached, steps.length) - 1];
    expect({ code: ran.code, reached, stderr: ran.code === 0 ? '' : `${failed?.where}: ${ran.stderr[reached - 1] ?? ''}` }).toEqual({ code: 0, reached: steps.length, stderr: '' });
  });

  it.each(steps.map((step, index) => [step.where, index] as const))('%s answers as documented', (_where, index) => {
    const step = steps[index];
    const output = ran.stdout[index];
    expect(output).toBeDefined();
    if (step.answer === undefined) return;
    if (!answers(output!, step.answer)) expect({ output: output!.trim(), stderr: ran.stderr[index]?.trim() }).toEqual({ output: step.answer.trim(), stderr: '' });
  });
});
