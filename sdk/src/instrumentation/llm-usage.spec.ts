import { UsageAccumulator } from './llm-usage';
import { SseReader } from './sse-reader';

function usageOfStream(text: string, pieces = 7) {
  const usage = new UsageAccumulator();
  const reader = new SseReader((payload) => usage.observe(payload));
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.length / pieces);
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
  reader.end();
  return usage.result();
}

describe('LLM usage', () => {
  it('reads OpenAI chat completions', () => {
    const usage = new UsageAccumulator();
    usage.observe({ model: 'gpt-4o', usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } });
    expect(usage.result()).toEqual({ inputTokens: 5, outputTokens: 7, model: 'gpt-4o', reported: true });
  });

  it('reads Anthropic messages and the OpenAI Responses API', () => {
    const anthropic = new UsageAccumulator();
    anthropic.observe({ type: 'message', model: 'claude-sonnet-4', usage: { input_tokens: 9, output_tokens: 3 } });
    expect(anthropic.result()).toMatchObject({ inputTokens: 9, outputTokens: 3, model: 'claude-sonnet-4' });
    const responses = new UsageAccumulator();
    responses.observe({ type: 'response.completed', response: { model: 'gpt-4.1', usage: { input_tokens: 4, output_tokens: 6 } } });
    expect(responses.result()).toMatchObject({ inputTokens: 4, outputTokens: 6, model: 'gpt-4.1' });
  });

  it('reads an Anthropic stream, whose output count grows in message_delta events', () => {
    const events = [
      'event: message_start\ndata: {"type":"message_start","message":{"model":"claude-3-5-haiku","usage":{"input_tokens":25,"output_tokens":1}}}\n\n',
      'event: content_block_delta\ndata: {"type":"content_block_delta","delta":{"type":"text_delta","text":"Hi"}}\n\n',
      'event: message_delta\ndata: {"type":"message_delta","usage":{"output_tokens":15}}\n\n',
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    ];
    expect(usageOfStream(events.join(''))).toEqual({ inputTokens: 25, outputTokens: 15, model: 'claude-3-5-haiku', reported: true });
  });

  it('reads an OpenAI stream split anywhere, with CRLF line ends and multi-line data', () => {
    const text =
      'data: {"model":"gpt-4o-mini","choices":[{"delta":{"content":"a"}}],"usage":null}\r\n\r\n' +
      'data: {"model":"gpt-4o-mini","choices":[],\r\ndata: "usage":{"prompt_tokens":3,"completion_tokens":4}}\r\n\r\n' +
      'data: [DONE]\r\n\r\n';
    for (const pieces of [1, 3, 17, text.length]) {
      expect(usageOfStream(text, pieces)).toEqual({ inputTokens: 3, outputTokens: 4, model: 'gpt-4o-mini', reported: true });
    }
  });

  it('says when a stream carried no usage', () => {
    expect(usageOfStream('data: {"model":"m","choices":[]}\n\ndata: not json\n\n')).toEqual({ inputTokens: 0, outputTokens: 0, model: 'm', reported: false });
  });
});
