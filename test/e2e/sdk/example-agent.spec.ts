import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describeEachDatabase, type StackTarget } from '../../support/targets';
import { eventually } from '../../support/eventually';
import { controlUrlOf } from '../../support/guard-fixtures';

const EXAMPLES = join(__dirname, '..', '..', '..', 'sdk', 'examples', 'dist');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one compiled example the way its README says, with the stack's addresses. */
function runExample(script: string, env: NodeJS.ProcessEnv, whileRunning?: (output: () => string) => Promise<void>): Promise<Run> {
  const child = spawn(process.execPath, [join(EXAMPLES, script)], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Run>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  return whileRunning ? whileRunning(() => stdout).then(() => exited) : exited;
}

/** `npm run example:key` against the stack: the variables it prints and the kill command. */
async function demoKey(target: StackTarget): Promise<{ env: Record<string, string>; killCommand: string }> {
  const run = await runExample('demo-key.js', { SVC_API_URL: target.shimUrl, SWITCHYARD_GRAPHQL: target.gatewayUrl });
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const env = Object.fromEntries([...run.stdout.matchAll(/^export (\w+)=(\S+)$/gm)].map((match) => [match[1]!, match[2]!]));
  expect(Object.keys(env).sort()).toEqual(['SVC_API_KEY', 'SVC_WORKFLOW_ID']);
  return { env, killCommand: /# {3}kill: {3}(.+)$/m.exec(run.stdout)![1]! };
}

/** Sends the operator request a printed curl command describes. */
async function curl(command: string): Promise<number> {
  const url = /-X POST (\S+)/.exec(command)![1]!;
  const headers = Object.fromEntries([...command.matchAll(/-H '([^:]+): ([^']+)'/g)].map((match) => [match[1]!, match[2]!]));
  const body = /-d '([^']+)'/.exec(command)![1]!;
  return (await fetch(url, { method: 'POST', headers, body })).status;
}

describeEachDatabase('sdk: the example agent', (target) => {
  const stackEnv = () => ({ SVC_API_URL: target.shimUrl, SVC_CONTROL_URL: controlUrlOf(target), EXAMPLE_TURN_DELAY_MS: '0' });

  it('answers its questions, carries on when the guard blocks e-mail, and reports its usage', async () => {
    const { env } = await demoKey(target);
    const run = await runExample('agent.js', { ...stackEnv(), ...env, EXAMPLE_QUESTIONS: '2' });
    expect(run.stderr).toContain('guard: SV-T001 during sensitive of send_email');
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout.match(/^A: From what I found/gm)).toHaveLength(2);
    expect(run.stdout).toContain('(the guard blocked send_email; carrying on without it)');
    expect(run.stdout).toMatch(/\d+ usage events delivered, 0 lost\./);
  });

  it('stops, saying why, with exit code 0 when the printed kill command is run (its expected ending)', async () => {
    const { env, killCommand } = await demoKey(target);
    const run = await runExample('agent.js', { ...stackEnv(), ...env, EXAMPLE_QUESTIONS: '1000' }, async (output) => {
      await eventually(() => output().includes('A: '), 20_000, 'the agent answering');
      expect(await curl(killCommand)).toBe(200);
    });
    expect(run.stdout).toContain('The workflow was killed by an operator (reason: demo); this run stops here, as a killed workflow should.');
    expect(run.code).toBe(0);
  });
});
