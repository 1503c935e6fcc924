/**
 * A small research agent guarded by @switchyard/sdk. Each turn it asks a model what to do next,
 * then searches, e-mails or answers. Every model call and tool call passes the guard's gate
 * first; the model's token usage is recorded; an operator can pause or kill the run.
 *
 *   npm start                          (repository root: the local stack)
 *   cd sdk && npm run example:key      (prints SVC_API_KEY and SVC_WORKFLOW_ID)
 *   npm run example
 *
 * With OPENAI_API_KEY set the model is OpenAI, called with fetch: the SDK records its usage by
 * itself. Without it, a scripted stand-in answers and its usage is reported with trackLlm.
 *
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, its spans go to that OTLP endpoint (see tracing.ts).
 * With EXAMPLE_LOOP=1 it runs away: it searches the same thing again and again, as a stuck
 * agent would, until a runaway rule of the workflow pauses it (and the guard says why).
 */
import { flushTraces } from './tracing';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  agent,
  currentSignal,
  guarded,
  init,
  onError,
  protect,
  sensitive,
  setCallContext,
  shutdown,
  span,
  SvcError,
  SvcToolBlockedError,
  trackLlm,
  trackTool,
  workflow,
  WorkflowKilledInterrupt,
} from '@switchyard/sdk';

const MODEL = process.env.OPENAI_MODEL ?? 'gpt-4o-mini';
const QUESTIONS = Number(process.env.EXAMPLE_QUESTIONS ?? 3);
const TURN_DELAY_MS = Number(process.env.EXAMPLE_TURN_DELAY_MS ?? 1000);
const MAX_TURNS = 4;

interface Step {
  tool?: { name: 'search_web' | 'send_email'; input: string };
  answer?: string;
}

/** The model decides the next step from the question and the notes gathered so far. */
const think = protect(async function think(question: string, notes: string[]): Promise<Step> {
  if (process.env.OPENAI_API_KEY) return askOpenAi(question, notes);
  // the scripted stand-in: search, then try to mail the findings, then answer
  const inputTokens = 40 + 12 * notes.length;
  await sleep(20, undefined, { signal: currentSignal() });
  const step: Step =
    notes.length === 0
      ? { tool: { name: 'search_web', input: question } }
      : notes.length === 1
        ? { tool: { name: 'send_email', input: `Findings on "${question}": ${notes[0]}` } }
        : { answer: `From what I found: ${notes[0]}` };
  trackLlm(inputTokens, 25, { model: MODEL, latencyMs: 20 });
  return step;
});

async function askOpenAi(question: string, notes: string[]): Promise<Step> {
  const response = await fetch('https://api.openai.com/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.OPENAI_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: MODEL,
      response_format: { type: 'json_object' },
      messages: [
        {
          role: 'system',
          content:
            'You are a research agent. Reply with JSON: {"tool": {"name": "search_web" | "send_email", "input": "..."}} ' +
            'to use a tool, or {"answer": "..."} once the notes answer the question.',
        },
        { role: 'user', content: JSON.stringify({ question, notes }) },
      ],
    }),
    // the SDK aborts this request if the workflow is killed meanwhile
    signal: currentSignal(),
  });
  if (!response.ok) throw new Error(`OpenAI answered ${response.status}`);
  const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
  return JSON.parse(body.choices[0]!.message.content) as Step;
}

const searchWeb = protect(async function search_web(query: string): Promise<string> {
  const started = Date.now();
  await sleep(30, undefined, { signal: currentSignal() });
  trackTool('search_web', Date.now() - started);
  return `a leaky bucket lets requests through at a steady rate (searched: ${query})`;
});

/** Sending mail acts on the world: the guard checks each call, and refuses it if it cannot. */
const sendEmail = sensitive(
  protect(async function send_email(body: string): Promise<string> {
    trackTool('send_email');
    return `mailed ${body.length} characters`;
  }),
);

async function research(question: string): Promise<string> {
  const notes: string[] = [];
  for (let turn = 1; turn <= MAX_TURNS; turn += 1) {
    const step = await span(`turn ${turn}`, () => think(question, notes));
    if (step.answer) return step.answer;
    if (step.tool?.name === 'search_web') notes.push(await searchWeb(step.tool.input));
    if (step.tool?.name === 'send_email') {
      try {
        notes.push(await sendEmail(step.tool.input));
      } catch (error) {
        // a blocked tool is a fact for the agent to work with, not a reason to stop
        if (!(error instanceof SvcToolBlockedError)) throw error;
        console.log(`  (the guard blocked ${error.toolName}; carrying on without it)`);
        notes.push('e-mail is not allowed');
      }
    }
    await sleep(TURN_DELAY_MS);
  }
  return 'I ran out of turns.';
}

/** A stuck agent: the same search, over and over, until the guard stops it. */
async function runAway(question: string): Promise<string> {
  for (let turn = 1; ; turn += 1) {
    await searchWeb(question);
    console.log(`  (searched the same thing, ${turn} times now)`);
  }
}

/** Waits out a pause (saying why the guard paused the workflow) and tries again; any other error goes up. */
async function untilNotPaused<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof SvcError) || error.errorCode !== 'SV-W003') throw error;
      const reason = (error as SvcError & { reason?: string | null }).reason;
      console.log(`  (the workflow is paused${reason ? `: ${reason}` : ''}; waiting for an operator to resume it)`);
      await sleep(2000);
    }
  }
}

const main = guarded(async () => {
  await init();
  onError((error, context) => console.error(`  guard: ${error.errorCode} during ${context.stage} of ${context.toolName ?? '-'}`));
  try {
    await workflow(process.env.SVC_WORKFLOW_ID, () =>
      agent('researcher', async () => {
        setCallContext({ model: MODEL, tools: ['search_web'] });
        for (let n = 1; n <= QUESTIONS; n += 1) {
          const question = `How does rate limiting work? (question ${n})`;
          console.log(`Q: ${question}`);
          console.log(`A: ${await untilNotPaused(() => (process.env.EXAMPLE_LOOP === '1' ? runAway(question) : research(question)))}`);
        }
      }),
    );
  } catch (error) {
    if (!(error instanceof WorkflowKilledInterrupt)) throw error;
    // An operator's kill is how a guarded run is meant to end when it must: a normal ending (exit 0), said as such.
    console.log(`The workflow was killed by an operator (reason: ${error.reason ?? 'none given'}); this run stops here, as a killed workflow should.`);
  }
  const report = await shutdown();
  await flushTraces();
  console.log(`${report.eventsDelivered} usage events delivered, ${report.eventsLost} lost.`);
});

void main();
