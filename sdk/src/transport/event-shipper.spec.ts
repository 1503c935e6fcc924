import type { ServerResponse } from 'node:http';
import { resolveSettings, type RuntimeOptions } from '../config/settings';
import type { GuardEvent } from '../tracking/guard-event';
import { json, StandInGateway } from '../test-support/stand-in-gateway';
import { EventBuffer } from './event-buffer';
import { EventShipper, type BatchAction } from './event-shipper';
import { GuardClient } from './guard-client';

function event(n: number): GuardEvent {
  return { event_id: `ev-${n}`, type: 'tool_call', workflow_id: 'wf', trace_id: 't', span_id: null, tokens: n, timestamp: new Date(0).toISOString() };
}

const waitFor = async (condition: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('event delivery', () => {
  let gateway: StandInGateway;
  const lost: Array<[number, string]> = [];
  const actions: BatchAction[] = [];

  beforeEach(async () => {
    gateway = await new StandInGateway().start();
    lost.length = 0;
    actions.length = 0;
  });
  afterEach(() => gateway.stop());

  function shipper(options: RuntimeOptions = {}) {
    const settings = resolveSettings({ apiKey: 'sk_unit_key', apiUrl: gateway.url, flushIntervalMs: 20, ...options }, {});
    const client = new GuardClient(settings, globalThis.fetch, { reached: () => undefined, answered: () => undefined, unreachable: () => undefined });
    client.breaker.failed = () => undefined; // these tests look at retries, not at the breaker
    const buffer = new EventBuffer(settings.maxBufferedEvents);
    return {
      buffer,
      shipper: new EventShipper(buffer, client, settings, { lost: (count, why) => lost.push([count, why]), actions: (list) => actions.push(...list) }),
    };
  }
  const batches = () => gateway.received.filter((r) => r.path === '/api/v1/track/batch').map((r) => (r.body as { events: GuardEvent[] }).events);

  it('sends full batches at once and the rest on the flush interval, with the protocol headers', async () => {
    const { shipper: s } = shipper({ batchSize: 3 });
    s.start();
    for (let n = 1; n <= 4; n += 1) s.enqueue(event(n));
    await waitFor(() => batches().flat().length === 4);
    expect(batches()[0]!.map((e) => e.event_id)).toEqual(['ev-1', 'ev-2', 'ev-3']);
    expect(gateway.received[0]!.headers).toMatchObject({ 'x-api-key': 'sk_unit_key', 'x-guard-protocol': '3', 'content-type': 'application/json' });
    expect(gateway.received[0]!.headers['x-signature']).toBeUndefined();
    await s.flushAndStop(100, true);
    expect(s.deliveredCount).toBe(4);
  });

  it('signs batches when a secret is set', async () => {
    const { shipper: s } = shipper({ hmacSecret: 'shh', transport: 'immediate' });
    s.enqueue(event(1));
    await waitFor(() => batches().length === 1);
    expect(gateway.received[0]!.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(gateway.received[0]!.headers['x-signature-timestamp']).toMatch(/^\d+$/);
    await s.flushAndStop(100, true);
  });

  it('retries a refused batch with the same event ids until the gateway takes it', async () => {
    let failures = 2;
    gateway.answer = (_request, response) => (failures-- > 0 ? json(response, 503, { error_code: 'UNAVAILABLE' }) : json(response, 200, { accepted_event_ids: [] }));
    const { shipper: s } = shipper({ batchSize: 2 });
    s.enqueue(event(1));
    s.enqueue(event(2));
    await waitFor(() => s.deliveredCount === 2);
    const sent = batches();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const batch of sent) expect(batch.map((e) => e.event_id)).toEqual(['ev-1', 'ev-2']);
    await s.flushAndStop(100, true);
    expect(lost).toEqual([]);
  });

  it('keeps events while the gateway is down and delivers them when it is back', async () => {
    const { shipper: s } = shipper({ transport: 'immediate' });
    await gateway.stop();
    s.enqueue(event(1));
    s.enqueue(event(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(s.deliveredCount).toBe(0);
    expect(s.retrying).toBe(true);
    await gateway.start();
    await waitFor(() => s.deliveredCount === 2);
    expect(batches().flat().map((e) => e.event_id).sort()).toEqual(['ev-1', 'ev-2']);
    await s.flushAndStop(100, true);
  });

  it('drops the oldest events beyond the buffer bound and reports them lost', async () => {
    await gateway.stop();
    const { shipper: s, buffer } = shipper({ batchSize: 2, maxBufferedEvents: 3 });
    for (let n = 1; n <= 5; n += 1) s.enqueue(event(n));
    await waitFor(() => lost.length > 0);
    expect(buffer.size).toBe(3);
    expect(lost.reduce((sum, [count]) => sum + count, 0)).toBe(2);
    await gateway.start();
    await s.flushAndStop(2000, true);
    expect(batches().flat().map((e) => e.event_id)).toEqual(['ev-3', 'ev-4', 'ev-5']);
  });

  it('gives up a batch the gateway calls malformed, and passes on the actions of an answer', async () => {
    gateway.answer = (request, response) =>
      (request.body as { events: GuardEvent[] }).events[0]!.event_id === 'ev-1'
        ? json(response, 400, { error_code: 'VALIDATION_FAILED', error_message: 'bad' })
        : json(response, 200, { accepted_event_ids: ['ev-2'], actions: [{ type: 'kill', workflow_id: 'wf', reason: 'ops' }] });
    const { shipper: s } = shipper({ transport: 'immediate' });
    s.enqueue(event(1));
    await waitFor(() => lost.length === 1);
    s.enqueue(event(2));
    await waitFor(() => actions.length === 1);
    expect(actions[0]).toEqual({ type: 'kill', workflow_id: 'wf', reason: 'ops' });
    await s.flushAndStop(100, true);
  });

  it('reports what it could not deliver before the shutdown timeout', async () => {
    await gateway.stop();
    const { shipper: s } = shipper();
    s.enqueue(event(1));
    await s.flushAndStop(150, true);
    expect(lost).toEqual([[1, expect.stringContaining('shutdown')]]);
  });

  it('counts a batch still in flight at the shutdown deadline as lost, once', async () => {
    let pending: ServerResponse | null = null;
    gateway.answer = (_request, response) => {
      pending = response;
    };
    const { shipper: s } = shipper({ transport: 'immediate' });
    s.enqueue(event(1));
    await waitFor(() => pending !== null);
    await s.flushAndStop(100, true);
    expect(lost).toEqual([[1, expect.stringContaining('shutdown')]]);
    json(pending!, 503, { error_code: 'UNAVAILABLE' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(s.bufferedCount).toBe(0);
    expect(lost).toHaveLength(1);
  });

  // the jest timeout is the guard: without the bound, the flush would wait the 60 s request timeout
  it('stops flushing at the shutdown deadline when the gateway never answers', async () => {
    gateway.answer = () => undefined;
    const { shipper: s } = shipper({ requestTimeoutMs: 60_000 });
    s.enqueue(event(1));
    await s.flushAndStop(300, true);
    expect(lost).toEqual([[1, expect.stringContaining('shutdown')]]);
  }, 3000);
});
