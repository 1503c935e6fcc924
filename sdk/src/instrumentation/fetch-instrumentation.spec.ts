import { runInScope, type CallScope } from '../context/call-scope';
import { startOpenAiFormatServer, type OpenAiFormatServer } from '../test-support/openai-format-server';
import { instrumentFetch } from './fetch-instrumentation';

describe('fetch instrumentation', () => {
  let llm: OpenAiFormatServer;
  let uninstall: () => void;
  const recorded: Array<{ fields: Record<string, unknown>; scope: CallScope }> = [];
  const original = globalThis.fetch;

  beforeAll(async () => {
    llm = await startOpenAiFormatServer({ prompt_tokens: 12, completion_tokens: 30 });
  });
  beforeEach(() => {
    recorded.length = 0;
    uninstall = instrumentFetch({ hosts: ['api.openai.com', llm.host], record: (fields, scope) => recorded.push({ fields, scope }) });
  });
  afterEach(() => uninstall());
  afterAll(() => llm.close());

  const chat = (body: object, init: RequestInit = {}) =>
    fetch(`${llm.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...init });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('records the usage of a plain completion, leaving the response to the caller', async () => {
    const response = await chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]!.message.content).toBe('Hello there.');
    await settle();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.fields).toMatchObject({
      tokens: 42,
      input_tokens: 12,
      output_tokens: 30,
      model: 'gpt-4o-mini',
      provider: llm.host,
      endpoint: '/v1/chat/completions',
      streamed: false,
      latency_ms: expect.any(Number),
    });
  });

  it('records the usage of a streamed completion once the stream ends, the caller reading every byte', async () => {
    const response = await chat({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.url).toBe(`${llm.url}/v1/chat/completions`);
    const text = await response.text();
    expect(text).toContain('"content":"Hel"');
    expect(text).toContain('"content":"lo."');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.fields).toMatchObject({ tokens: 42, input_tokens: 12, output_tokens: 30, model: 'gpt-4o-mini', streamed: true });
  });

  it('records with the scope the call was made in', async () => {
    await runInScope({ workflowId: 'wf-scope', agent: 'planner' }, async () => {
      await (await chat({ model: 'x', messages: [] })).json();
    });
    await settle();
    expect(recorded[0]!.scope).toMatchObject({ workflowId: 'wf-scope', agent: 'planner' });
  });

  it('ignores other hosts, other methods and failed calls', async () => {
    await (await fetch(`${llm.url}/v1/chat/completions`)).text();
    await (await chat({ model: 'x', messages: [] }, { method: 'PUT' })).text();
    const failed = await fetch(`${llm.url}/v1/no-such-endpoint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(failed.status).toBe(404);
    await failed.text();
    uninstall();
    uninstall = instrumentFetch({ hosts: ['api.openai.com'], record: (fields, scope) => recorded.push({ fields, scope }) });
    await (await chat({ model: 'x', messages: [] })).json();
    await settle();
    expect(recorded).toHaveLength(0);
  });

  it('aborts an LLM call when the protected call it belongs to is killed', async () => {
    const controller = new AbortController();
    const call = { executionId: 'e', workflowId: 'w', toolName: 't', signal: controller.signal, reservationId: null };
    const pending = runInScope({ call }, async () => {
      const response = await chat({ model: 'x', stream: true, messages: [{ role: 'user', content: 'hang' }] });
      return response.text();
    });
    setTimeout(() => controller.abort(new Error('killed')), 30);
    await expect(pending).rejects.toThrow();
  });

  it('keeps the own signal of a Request inside a protected call', async () => {
    const call = { executionId: 'e', workflowId: 'w', toolName: 't', signal: new AbortController().signal, reservationId: null };
    const own = new AbortController();
    const request = new Request(`${llm.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'x', stream: true, messages: [{ role: 'user', content: 'hang' }] }),
      signal: own.signal,
    });
    const pending = runInScope({ call }, async () => (await fetch(request)).text());
    setTimeout(() => own.abort(new Error('caller gave up')), 30);
    await expect(pending).rejects.toThrow();
  }, 5000);

  it('puts the original fetch back, unless someone replaced it since', () => {
    uninstall();
    expect(globalThis.fetch).toBe(original);
    uninstall = instrumentFetch({ hosts: [], record: () => undefined });
    const someoneElse = (() => Promise.reject(new Error('x'))) as typeof fetch;
    globalThis.fetch = someoneElse;
    uninstall();
    expect(globalThis.fetch).toBe(someoneElse);
    globalThis.fetch = original;
  });
});
