import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { GraphQLDataSourceRequestKind } from '@apollo/gateway/dist/datasources/types';
import { buildSchema } from 'graphql';
import { CLIENT_ADDRESS_HEADER } from '../../auth';
import { DATA_ONLY_HEADER } from '../../net';
import { PublicFetches } from './public-fetches';
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

/** A subgraph that holds every call until the test answers it, and remembers the headers each came with. */
async function heldSubgraph(publicFetches?: PublicFetches) {
  const calls: Array<{ headers: IncomingHttpHeaders; answer(body: string, status?: number): void }> = [];
  let arrived = () => {};
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls.push({ headers: req.headers, answer: (body, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(body) });
      arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  const source = new SubgraphSource({ url, name: 'feed', internalToken: 'secret', maxResponseBytes: 1 << 20, publicFetches });
  /** Resolves once `count` calls have come in. */
  const received = async (count: number) => {
    while (calls.length < count) await new Promise<void>((resolve) => (arrived = resolve));
    return calls;
  };
  return { source, calls, received, close: async () => (await source.close(), await new Promise((resolve) => server.close(resolve))) };
}

/** A caller's fetch of `query`, with its own credentials, address and user agent. */
const callerFetch = (query: string, caller: { token: string; address: string; agent?: string }): IncomingFetch =>
  ({
    ...fetchOf(query),
    context: { requestId: `r-${caller.token}`, forwardedHeaders: { authorization: `Bearer ${caller.token}`, 'user-agent': caller.agent ?? 'app/1' }, clientAddress: caller.address },
  }) as unknown as IncomingFetch;

describe('SubgraphSource: fetches of public data alone', () => {
  // The committed supergraph's hints: brands are public for 60 s; an organisation has no hint.
  const schemaDir = join(__dirname, '..', '..', '..', 'schema');
  const publicFetches = new PublicFetches();
  publicFetches.useSupergraph(buildSchema(readFileSync(join(schemaDir, 'api.graphql'), 'utf8')), readFileSync(join(schemaDir, 'supergraph.graphql'), 'utf8'));
  const brands = 'query Deep__feed__0 { brands { __typename _id name } }';
  const answer = '{"data":{"brands":[{"__typename":"Brand","_id":"b1","name":"Açaí"}]}}';

  it("shares one call among callers of other credentials and addresses, sending the first caller's", async () => {
    const { source, calls, received, close } = await heldSubgraph(publicFetches);
    try {
      const answers = ['ann', 'bob', 'cy'].map((token, index) => source.process(callerFetch(brands, { token, address: `10.0.0.${index + 1}` })));
      (await received(1))[0].answer(answer);
      expect(await Promise.all(answers)).toEqual([JSON.parse(answer), JSON.parse(answer), JSON.parse(answer)]);
      expect(calls).toHaveLength(1);
      expect(calls[0].headers).toMatchObject({ authorization: 'Bearer ann', [CLIENT_ADDRESS_HEADER]: '10.0.0.1', 'user-agent': 'app/1' });
    } finally {
      await close();
    }
  });

  it('keeps apart callers of another user agent, and every fetch that is not public alone', async () => {
    const { source, received, close } = await heldSubgraph(publicFetches);
    try {
      const organisation = 'query Org__accounts__0($id: ID!) { organisation(id: $id) { id name } }';
      const answers = [
        source.process(callerFetch(brands, { token: 'ann', address: '10.0.0.1' })),
        source.process(callerFetch(brands, { token: 'bob', address: '10.0.0.2', agent: 'app/2' })),
        source.process(callerFetch(organisation, { token: 'ann', address: '10.0.0.1' })),
        source.process(callerFetch(organisation, { token: 'bob', address: '10.0.0.2' })),
      ];
      for (const call of await received(4)) call.answer(answer);
      expect(await Promise.all(answers)).toHaveLength(4);
    } finally {
      await close();
    }
  });

  it('shares nothing among callers without the public fetches (GATEWAY_SHARE_PUBLIC_FETCHES=off)', async () => {
    const { source, received, close } = await heldSubgraph();
    try {
      const answers = ['ann', 'bob'].map((token) => source.process(callerFetch(brands, { token, address: '10.0.0.1' })));
      for (const call of await received(2)) call.answer(answer);
      expect(await Promise.all(answers)).toHaveLength(2);
    } finally {
      await close();
    }
  });

  it('asks again, with its own credentials, for a caller who joined a call answered with an error', async () => {
    const { source, calls, received, close } = await heldSubgraph(publicFetches);
    try {
      const refused = '{"errors":[{"message":"Your token has expired","extensions":{"code":"UNAUTHENTICATED"}}],"data":null}';
      const [first, second] = ['ann', 'bob'].map((token, index) => source.process(callerFetch(brands, { token, address: `10.0.0.${index + 1}` })));
      (await received(1))[0].answer(refused, 401);
      await expect(first).rejects.toThrow();
      (await received(2))[1].answer(answer);
      expect(await second).toEqual(JSON.parse(answer));
      expect(calls.map((call) => call.headers.authorization)).toEqual(['Bearer ann', 'Bearer bob']);
    } finally {
      await close();
    }
  });
});
