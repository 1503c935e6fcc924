import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface OpenAiFormatServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>`, what `llmHosts` takes. */
  host: string;
  /** Bodies of the requests received, parsed. */
  requests: unknown[];
  close(): Promise<void>;
}

/**
 * A local server answering `POST /v1/chat/completions` in the OpenAI format: a JSON completion,
 * or with `stream: true` server-sent chunks ending with a usage chunk and `[DONE]`. A request
 * whose last message is `hang` gets headers and then nothing, to test cancellation.
 */
export async function startOpenAiFormatServer(usage: ChatUsage, model = 'gpt-4o-mini'): Promise<OpenAiFormatServer> {
  const requests: unknown[] = [];
  const server: Server = createServer((request, response) => {
    void readJson(request).then((body) => {
      requests.push(body);
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const { stream, messages } = body as { stream?: boolean; messages?: Array<{ content?: string }> };
      const hang = messages?.at(-1)?.content === 'hang';
      const id = `chatcmpl-${requests.length}`;
      if (!stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({
          id,
          object: 'chat.completion',
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: 'Hello there.' }, finish_reason: 'stop' }],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      if (hang) {
        response.write(': keep-alive\n\n');
        return;
      }
      const chunk = (delta: object, extra: object = {}) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
      response.write(chunk({ role: 'assistant', content: 'Hel' }));
      // split one event across two writes, as networks do
      const split = chunk({ content: 'lo.' });
      response.write(split.slice(0, 20));
      setTimeout(() => {
        response.write(split.slice(20));
        response.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`);
        response.end('data: [DONE]\n\n');
      }, 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
