import { GraphQLError, type FormattedExecutionResult } from 'graphql';
import type { Sink } from 'graphql-ws';
import { CredentialLapses } from './subscriptions/credential-lapses';
import { UpstreamSubscription, type UpstreamSubscriptionOptions } from './upstream-subscription';

/** An UpstreamSubscription over a fake upstream: the sink it was given and a spy on its stop. */
function started(options: UpstreamSubscriptionOptions = {}) {
  let sink!: Sink<FormattedExecutionResult>;
  const stop = jest.fn();
  const onEnd = jest.fn();
  const subscription = new UpstreamSubscription(
    (given) => {
      sink = given;
      return stop;
    },
    'guard',
    { ...options, onEnd },
  );
  return { subscription, sink, stop, onEnd };
}

describe('UpstreamSubscription', () => {
  it('passes results on in order, whether they came before the caller asked or after, their errors as GraphQLErrors', async () => {
    const { subscription, sink } = started();
    sink.next({ data: { n: 1 } });
    sink.next({ data: { n: 2 }, errors: [{ message: 'partial', path: ['n'], extensions: { code: 'FORBIDDEN' } }] });
    const first = await subscription.next();
    const second = await subscription.next();
    const third = subscription.next();
    sink.next({ data: { n: 3 } });
    expect(first).toEqual({ value: { data: { n: 1 } }, done: false });
    expect(second.value?.errors?.[0]).toBeInstanceOf(GraphQLError);
    expect(second.value?.errors?.[0]).toMatchObject({ message: 'partial', path: ['n'], extensions: { code: 'FORBIDDEN' } });
    expect(await third).toEqual({ value: { data: { n: 3 } }, done: false });
  });

  it('ends after the queued results when the upstream completes, and calls onEnd once', async () => {
    const { subscription, sink, stop, onEnd } = started();
    sink.next({ data: { n: 1 } });
    sink.complete();
    expect(await subscription.next()).toEqual({ value: { data: { n: 1 } }, done: false });
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
    await subscription.return();
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
  });

  it('ends a caller waiting when the upstream completes', async () => {
    const { subscription, sink, onEnd } = started();
    const waiting = subscription.next();
    sink.complete();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("turns the upstream's failure into one last result with its errors, then the end", async () => {
    const { subscription, sink } = started();
    const waiting = subscription.next();
    sink.error([{ message: 'not yours', extensions: { code: 'FORBIDDEN' } }]);
    const last = await waiting;
    expect(last.value?.errors?.map((error: GraphQLError) => [error.message, error.extensions.code])).toEqual([['not yours', 'FORBIDDEN']]);
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
  });

  it('names the subgraph when its socket gave up', async () => {
    const { subscription, sink } = started();
    sink.error({ code: 1006, reason: '' });
    const last = await subscription.next();
    expect(last.value?.errors?.[0]).toMatchObject({ message: 'The guard subgraph ended the subscription', extensions: { code: 'BAD_GATEWAY', subgraph: 'guard' } });
  });

  it('on return, answers a caller waiting with the end, stops the upstream once and drops what comes after', async () => {
    const { subscription, sink, stop, onEnd } = started();
    const waiting = subscription.next();
    expect(await subscription.return()).toEqual({ value: undefined, done: true });
    expect(await waiting).toEqual({ value: undefined, done: true });
    sink.next({ data: { late: true } });
    sink.complete();
    await subscription.throw();
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
    expect(stop).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  describe('when the credentials lapse', () => {
    beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00.000Z') }));
    afterEach(() => jest.useRealTimers());

    it('sends UNAUTHENTICATED, stops the upstream and ends', async () => {
      const lapses = new CredentialLapses();
      const { subscription, sink, stop, onEnd } = started({ lapses, expiresAt: Date.now() + 60_000 });
      sink.next({ data: { n: 1 } });
      expect(await subscription.next()).toEqual({ value: { data: { n: 1 } }, done: false });
      const waiting = subscription.next();
      jest.advanceTimersByTime(60_000);
      const lapsed = await waiting;
      expect(lapsed.value?.errors?.[0]).toMatchObject({ message: 'The credentials this subscription was started with have expired', extensions: { code: 'UNAUTHENTICATED', status: 401 } });
      expect(stop).toHaveBeenCalledTimes(1);
      sink.complete();
      expect(await subscription.next()).toEqual({ value: undefined, done: true });
      expect(onEnd).toHaveBeenCalledTimes(1);
    });

    it('stops watching once the subscription has ended', async () => {
      const lapses = new CredentialLapses();
      const { subscription } = started({ lapses, expiresAt: Date.now() + 60_000 });
      expect(lapses.size).toBe(1);
      await subscription.return();
      expect(lapses.size).toBe(0);
    });
  });
});
