import { markResumedSubscriptions, RESUMED_EXTENSION } from './reconnect';

/** What graphql-ws writes: JSON.stringify with the replacer; and reads: JSON.parse with the reviver. */
function wire() {
  const { jsonMessageReplacer, jsonMessageReviver } = markResumedSubscriptions();
  return {
    send: (message: object) => JSON.parse(JSON.stringify(message, jsonMessageReplacer)),
    receive: (message: object) => JSON.parse(JSON.stringify(message), jsonMessageReviver),
  };
}

describe('resumed subscriptions', () => {
  const subscribe = (id: string) => ({ id, type: 'subscribe', payload: { query: 'subscription { x }', extensions: { forwardedHeaders: { 'x-api-key': 'k' } } } });

  it('marks a subscription sent again with its id, keeping its extensions, and nothing else', () => {
    const { send } = wire();
    expect(send(subscribe('1'))).toEqual(subscribe('1'));
    expect(send({ type: 'connection_init', payload: {} })).toEqual({ type: 'connection_init', payload: {} });
    expect(send(subscribe('2'))).toEqual(subscribe('2'));
    expect(send(subscribe('1')).payload.extensions).toEqual({ forwardedHeaders: { 'x-api-key': 'k' }, [RESUMED_EXTENSION]: true });
  });

  it('forgets a subscription either side completed, or the server ended with an error', () => {
    const { send, receive } = wire();
    for (const id of ['a', 'b', 'c']) send(subscribe(id));
    send({ id: 'a', type: 'complete' });
    receive({ id: 'b', type: 'complete' });
    receive({ id: 'c', type: 'error', payload: [{ message: 'no' }] });
    for (const id of ['a', 'b', 'c']) expect(send(subscribe(id)).payload.extensions[RESUMED_EXTENSION]).toBeUndefined();
  });
});
