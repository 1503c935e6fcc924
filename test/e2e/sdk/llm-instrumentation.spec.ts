import { init, protect, Runtime, shutdown, status } from '@switchyard/sdk';
import { startOpenAiFormatServer, type OpenAiFormatServer } from '../../../sdk/src/test-support/openai-format-server';
import { describeEachDatabase } from '../../support/targets';
import { newTenant } from '../../support/tenants';
import { controlUrlOf, usageTotals } from '../../support/guard-fixtures';

describeEachDatabase('sdk: LLM calls made with fetch are tracked by themselves', (target) => {
  let llm: OpenAiFormatServer;
  beforeAll(async () => {
    llm = await startOpenAiFormatServer({ prompt_tokens: 120, completion_tokens: 80 }, 'gpt-4o-mini');
  });
  afterAll(() => llm.close());
  afterEach(() => shutdown({ timeout: 1000 }));

  const chat = (stream: boolean) =>
    fetch(`${llm.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-local' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'Say hello' }] }),
    });

  it('records plain and streamed chat completions as llm_call events with their usage', async () => {
    const fixture = await newTenant(target);
    await init(new Runtime({ apiKey: fixture.key, apiUrl: target.shimUrl, controlUrl: controlUrlOf(target), llmHosts: [llm.host] }, {}));

    const plain = (await (await chat(false)).json()) as { choices: Array<{ message: { content: string } }> };
    expect(plain.choices[0]!.message.content).toBe('Hello there.');
    const streamed = await protect(async function stream_answer() {
      return (await chat(true)).text();
    })();
    expect(streamed).toContain('data: [DONE]');

    expect(await shutdown()).toEqual({ eventsDelivered: 2, eventsLost: 0 });
    const totals = await usageTotals(target, fixture);
    expect(totals).toMatchObject({ calls: 2, tokens: 400 });
    // gpt-4o-mini: 0.015 cents per 1K input tokens, 0.06 per 1K output; twice
    expect(totals.cost_cents).toBeCloseTo(2 * (0.12 * 0.015 + 0.08 * 0.06), 6);
  });

  it('leaves fetch as it was after shutdown', async () => {
    const original = globalThis.fetch;
    const fixture = await newTenant(target);
    await init(new Runtime({ apiKey: fixture.key, apiUrl: target.shimUrl, controlUrl: controlUrlOf(target), llmHosts: [llm.host] }, {}));
    expect(globalThis.fetch).not.toBe(original);
    expect(status().bufferedEvents).toBe(0);
    await shutdown();
    expect(globalThis.fetch).toBe(original);
  });
});
