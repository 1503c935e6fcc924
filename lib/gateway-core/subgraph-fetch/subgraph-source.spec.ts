import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLDataSourceRequestKind } from '@apollo/gateway/dist/datasources/types';
import { DATA_ONLY_HEADER } from '../../net';
import { SubgraphSource, type IncomingFetch } from './subgraph-source';

/** A subgraph that answers every call with the next of `answers` (body, and whether it says it is data alone). */
async function subgraphAnswering(answers: Array<{ body: string; dataOnly?: boolean; status?: number }>) {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { body, dataOnly, status = 200 } = answers.shift()!;
      res.writeHead(status, { 'content-type': 'application/json', ...(dataOnly ? { [DATA_ONLY_HEADER]: '1' } : {}) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const source = new SubgraphSource({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, name: 'feed', internalToken: 'secret', maxResponseBytes: 1 << 20 });
  return { source, close: async () => (await source.close(), await new Promise((resolve) => server.close(resolve))) };
}

const fetchOf = (query: string): IncomingFetch =>
  ({
    kind: GraphQLDataSourceRequestKind.INCOMING_OPERATION,
    request: { query, variables: {} },
    context: { requestId: 'r', forwardedHeaders: {}, clientAddress: '127.0.0.1' },
    incomingRequestContext: {},
    document: undefined,
    pathInIncomingRequest: [],
  }) as unknown as IncomingFetch;

describe('SubgraphSource.answerBytes', () => {
  // A data field aliased `errors`: data alone, though its text holds the key.
  const aliased = '{"data":{"errors":[{"name":"Açaí ☕"}]}}\n';

  it("passes on an answer its subgraph says is data alone as the bytes it came as, without searching it", async () => {
    const { source, close } = await subgraphAnswering([{ body: aliased, dataOnly: true }]);
    try {
      const answer = await source.answerBytes(fetchOf('{ errors: brands { name } }'));
      expect('bytes' in answer && answer.bytes.toString('utf8')).toBe(aliased);
    } finally {
      await close();
    }
  });

  it('reads an answer whose subgraph says nothing for itself: one that may hold errors or extensions is parsed', async () => {
    const plain = '{"data":{"brands":[{"name":"Açaí ☕"}]}}';
    const withErrors = '{"errors":[{"message":"no"}],"data":{"brands":null}}';
    const { source, close } = await subgraphAnswering([{ body: plain }, { body: aliased }, { body: withErrors, dataOnly: true }, { body: '{"errors":[{"message":"down"}]}', status: 503, dataOnly: true }]);
    try {
      const passed = await source.answerBytes(fetchOf('{ brands { name } }'));
      expect('bytes' in passed && passed.bytes.toString('utf8')).toBe(plain);
      expect(await source.answerBytes(fetchOf('{ errors: brands { name } }'))).toEqual({ response: JSON.parse(aliased) });
      // Said of an answer that does not start with data alone, the header is not believed.
      expect(await source.answerBytes(fetchOf('{ brands { name } }'))).toEqual({ response: JSON.parse(withErrors) });
      await expect(source.answerBytes(fetchOf('{ brands { name } }'))).rejects.toThrow('503');
    } finally {
      await close();
    }
  });
});
