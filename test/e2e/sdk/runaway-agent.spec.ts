import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fromDist } from '../../support/from-dist';
import { bearer } from '../../support/http';
import { launchOwnStack, ownStackDatabase, type OwnStack } from '../../support/own-stack';
import { startOtlpReceiver, type ReceivedSpan } from '../../support/otlp-receiver';
import { gql } from '../../support/tenants';
import { eventually } from '../../support/eventually';
import { controlUrlOf } from '../../support/guard-fixtures';

const EXAMPLES = join(__dirname, '..', '..', '..', 'sdk', 'examples', 'dist');

interface Run {
  code: number | null;
  stdout: string;
}

function runExample(script: string, env: NodeJS.ProcessEnv, whileRunning?: (output: () => string) => Promise<void>): Promise<Run> {
  const child = spawn(process.execPath, [join(EXAMPLES, script)], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<Run>((resolve) => child.once('exit', (code) => resolve({ code, stdout })));
  return whileRunning ? whileRunning(() => stdout).then(() => exited) : exited;
}

/**
 * Acceptance as a new user tries it: the example agent made to loop on one tool is paused by the
 * runaway rule `npm run example:key` sets up, and says why; the operator sees the same reason;
 * the agent's spans and the guard's, exported to a local OTLP receiver, are one trace with
 * `gen_ai.*` attributes.
 */
describe('sdk: the example agent running away', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let stack: OwnStack;
  let database: Awaited<ReturnType<typeof ownStackDatabase>> | undefined;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    database = await ownStackDatabase('switchyard_runaway');
    stack = await launchOwnStack({ ...database.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '50' });
  }, 150_000);
  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
    await receiver?.close();
  });

  it('is paused by the rule within its window, raises the reason, and its trace holds the guard decisions', async () => {
    const setup = await runExample('demo-key.js', { SVC_API_URL: stack.shimUrl, SWITCHYARD_GRAPHQL: stack.gatewayUrl });
    expect(setup.code).toBe(0);
    const env = Object.fromEntries([...setup.stdout.matchAll(/^export (\w+)=(\S+)$/gm)].map((match) => [match[1]!, match[2]!]));
    const killCommand = /# {3}kill: {3}(.+)$/m.exec(setup.stdout)![1]!;
    const token = /authorization: Bearer ([^']+)'/.exec(killCommand)![1]!;
    const workflowId = env.SVC_WORKFLOW_ID!;

    const reasonLine = /\(the workflow is paused: (RUNAWAY repeated_tool_call: search_web called 6 times with the same input within 60 s \(limit 5, rule runaway-[0-9a-f-]+\))/;
    const run = await runExample(
      'agent.js',
      { SVC_API_URL: stack.shimUrl, SVC_CONTROL_URL: controlUrlOf(stack.target), ...env, EXAMPLE_LOOP: '1', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '50' },
      async (output) => {
        await eventually(() => reasonLine.test(output()), 30_000, 'the agent saying why it was paused');
        const reason = reasonLine.exec(output())![1]!;
        expect(output().match(/searched the same thing/g)).toHaveLength(5);
        const seen = await gql(stack.target, 'query($id: ID!) { workflow(id: $id) { state reason } }', { id: workflowId }, bearer(token));
        expect(seen.workflow).toEqual({ state: 'Paused', reason });
        const url = /-X POST (\S+)/.exec(killCommand)![1]!;
        expect((await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-guard-protocol': '3', 'content-type': 'application/json' }, body: '{"reason":"demo"}' })).status).toBe(200);
      },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('The workflow was killed by an operator (reason: demo)');

    // The run's audit trail: the rule's pause and the operator's kill, on a chain that verifies offline.
    const { workflow } = await gql(stack.target, 'query($id: ID!) { workflow(id: $id) { organisationId } }', { id: workflowId }, bearer(token));
    const exported = await gql(stack.target, 'query($org: ID!) { auditExport(organisationId: $org) { jsonl complete } }', { org: workflow.organisationId }, bearer(token));
    expect(exported.auditExport.complete).toBe(true);
    const records = (exported.auditExport.jsonl as string).trim().split('\n').map((line) => JSON.parse(line) as { actor: string; action: string; workflowId: string | null; details: Record<string, unknown> });
    const stops = records.filter((record) => record.workflowId === workflowId && (record.action === 'workflow.pause' || record.action === 'workflow.kill'));
    expect(stops.map(({ actor, action }) => ({ actor, action }))).toEqual([
      { actor: 'system:runaway', action: 'workflow.pause' },
      { actor: expect.stringMatching(/^user:/), action: 'workflow.kill' },
    ]);
    expect(stops[0]!.details).toMatchObject({ kind: 'repeated_tool_call', observed: 6 });
    const { verifyAuditExport } = fromDist<typeof import('../../../lib/audit-chain')>('lib/audit-chain');
    expect(verifyAuditExport(exported.auditExport.jsonl)).toMatchObject({ ok: true, records: records.length });

    const agentSpans = () => receiver.spans.filter((span) => span.service === 'example-agent');
    const tools = () => agentSpans().filter((span) => span.name === 'execute_tool search_web');
    const guardGate = (span: ReceivedSpan) => receiver.spans.find((other) => other.service === 'guard' && other.name === 'guard.gate execute_tool' && other.traceId === span.traceId);
    // The agent's own span ends last, and may reach the receiver in a later export than its tools'.
    const agentRunSpan = () => agentSpans().find((span) => span.name === 'invoke_agent researcher');
    // Every tool span shares the run's trace, so a guard span for each does not mean the refusal's
    // span is in: the guard exports it on its own schedule, so wait for it by name too.
    const refusedSpan = () => receiver.spans.find((span) => span.service === 'guard' && span.attributes['switchyard.guard.explanation'] === 'WORKFLOW_PAUSED');
    await eventually(() => tools().length >= 6 && tools().every((span) => guardGate(span)) && !!agentRunSpan() && !!refusedSpan(), 20_000, 'the agent and guard spans');
    const agentRun = agentRunSpan()!;
    expect(agentRun.attributes).toMatchObject({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'researcher', 'switchyard.workflow.id': workflowId });
    const [firstTool] = tools();
    expect(firstTool!.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'search_web', 'gen_ai.agent.name': 'researcher', 'switchyard.workflow.id': workflowId });
    expect(firstTool!.traceId).toBe(agentRun.traceId);
    expect(guardGate(firstTool!)!.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'search_web', 'switchyard.workflow.id': workflowId, 'switchyard.guard.decision': 'allow' });
    expect(refusedSpan()!.traceId).toBe(agentRun.traceId);
    expect(tools().some((span) => String(span.attributes['switchyard.guard.reason'] ?? '').startsWith('RUNAWAY repeated_tool_call'))).toBe(true);
  });
});
