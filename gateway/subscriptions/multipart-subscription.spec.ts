import { GraphQLError, type ExecutionResult } from 'graphql';
import { MessageStream } from '../../lib/pubsub';
import { acceptsMultipartSubscription, multipartSubscription } from './multipart-subscription';
import { credentialExpiry } from './credential-expiry';

async function readAll(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('multipart subscriptions', () => {
  it("knows Apollo Client's Accept, and no other", () => {
    expect(acceptsMultipartSubscription('multipart/mixed;boundary=graphql;subscriptionSpec=1.0,application/json')).toBe(true);
    expect(acceptsMultipartSubscription('multipart/mixed;subscriptionSpec="1.0"')).toBe(true);
    expect(acceptsMultipartSubscription('multipart/mixed;deferSpec=20220824,application/json')).toBe(false);
    expect(acceptsMultipartSubscription('application/json')).toBe(false);
    expect(acceptsMultipartSubscription(undefined)).toBe(false);
  });

  it('writes a heartbeat first, each result as a payload followed by its boundary, then the final boundary', async () => {
    async function* results(): AsyncIterableIterator<ExecutionResult> {
      yield { data: { tick: 1 } };
      yield { errors: [new GraphQLError('gone', { extensions: { code: 'UNAUTHENTICATED' } })] };
    }
    const answer = multipartSubscription(results(), 60_000);
    expect(answer.headers.get('content-type')).toBe('multipart/mixed;boundary="graphql";subscriptionSpec="1.0"');
    if (answer.body.kind !== 'chunked') throw new Error('not chunked');
    const part = (json: string) => `\r\ncontent-type: application/json; charset=utf-8\r\n\r\n${json}\r\n--graphql`;
    expect(await readAll(answer.body.asyncIterator)).toBe(
      `\r\n--graphql${part('{}')}${part('{"payload":{"data":{"tick":1}}}')}${part('{"payload":{"errors":[{"message":"gone","extensions":{"code":"UNAUTHENTICATED"}}]}}')}--\r\n`,
    );
  });

  it('returns the subscription when the client goes away', async () => {
    const results = new MessageStream<ExecutionResult>();
    const returned = jest.spyOn(results, 'return');
    const answer = multipartSubscription(results, 60_000);
    if (answer.body.kind !== 'chunked') throw new Error('not chunked');
    const parts = answer.body.asyncIterator;
    await parts.next();
    await parts.return?.();
    expect(returned).toHaveBeenCalled();
    expect(await parts.next()).toEqual({ value: undefined, done: true });
  });
});

describe('credential expiry', () => {
  const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
  it("reads a bearer token's exp in ms, and nothing from an API key or a token without one", () => {
    expect(credentialExpiry(`Bearer ${token({ exp: 1_900_000_000 })}`)).toBe(1_900_000_000_000);
    expect(credentialExpiry(`Bearer ${token({ sub: 'x' })}`)).toBeUndefined();
    expect(credentialExpiry('Bearer gk_live_abc')).toBeUndefined();
    expect(credentialExpiry('Bearer not.json.here')).toBeUndefined();
    expect(credentialExpiry(undefined)).toBeUndefined();
  });
});
