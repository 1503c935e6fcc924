import { errorsOutsideFaults, percentile, reconcileControl, reconcileWebhooks, tally, type TimedOutcome } from '../../bench/chaos/reconciliation';
import { intendedKey, refused } from '../../bench/chaos/write-verdicts';
import type { LoadRequest } from '../support/steady-load';

const request = (kind: string, body?: unknown, stored?: LoadRequest['stored']): LoadRequest => ({ kind, method: 'POST', url: 'http://127.0.0.1:1/x', body: body === undefined ? undefined : JSON.stringify(body), stored });
const outcome = (startedAt: number, endedAt: number, fields: Partial<TimedOutcome> = {}): TimedOutcome => ({ request: request('product'), startedAt, endedAt, ...fields });

describe('chaos: reconciliation', () => {
  describe('errors against fault windows', () => {
    const windows = [
      { name: 'kill -9 store-1', startMs: 10_000, endMs: 12_000 },
      { name: 'Redis restart', startMs: 30_000 },
    ];

    it('puts down to a fault an error that overlaps its window plus the grace, and keeps the others', () => {
      const during = outcome(11_000, 11_500, { status: 502 });
      const spanning = outcome(9000, 10_500, { error: 'ECONNRESET' });
      const inGrace = outcome(16_000, 16_100, { status: 503 });
      const after = outcome(17_500, 17_600, { status: 500 });
      const before = outcome(2000, 2100, { status: 502 });
      const unrecovered = outcome(50_000, 50_100, { status: 503 });
      expect(errorsOutsideFaults([during, spanning, inGrace, after, before, unrecovered], windows, 5000, 60_000)).toEqual([after, before]);
    });

    it('counts errors by kind, most first', () => {
      const failed = [outcome(0, 1, { status: 502 }), outcome(0, 1, { status: 502 }), { ...outcome(0, 1, { error: 'ECONNRESET' }), request: request('event') }];
      expect(tally(failed, (o) => `${o.request.kind} ${o.error ?? o.status}`)).toEqual([
        ['product 502', 2],
        ['event ECONNRESET', 1],
      ]);
    });
  });

  it('reconciles webhooks: every acknowledged event delivered at least once, duplicates and deliveries of unacknowledged writes counted', () => {
    expect(reconcileWebhooks(['1', '2', '3'], ['1', '2', '2', '3', '9'])).toEqual({ expected: 3, delivered: 3, missing: [], duplicates: 1, unacknowledged: 1 });
    expect(reconcileWebhooks(['1', '2'], ['1'])).toMatchObject({ delivered: 1, missing: ['2'] });
  });

  describe('control signals', () => {
    const sent = [
      { version: 2, sentAt: 1000 },
      { version: 3, sentAt: 4000 },
      { version: 4, sentAt: 7000 },
    ];

    it('counts signals heard live, and those a single resync after them brought', () => {
      const heard = [
        { at: 0, version: 1, via: 'resync' as const },
        { at: 1010, version: 2, via: 'live' as const },
        // disconnected from 3000 to 8000: 3 and 4 missed live, the resync brings 4
        { at: 8000, version: 4, via: 'resync' as const },
      ];
      expect(reconcileControl('graphql-ws #1', sent, heard, 0)).toEqual({ name: 'graphql-ws #1', live: 1, resynced: 2, missed: [], resyncs: 1, finalVersion: 4 });
    });

    it('reports a signal missed when the first resync after it did not bring it, and ignores signals sent before the subscriber was there', () => {
      const heard = [
        { at: 3500, version: 2, via: 'resync' as const },
        { at: 5000, version: 2, via: 'resync' as const },
        { at: 7005, version: 4, via: 'live' as const },
      ];
      expect(reconcileControl('/ws/control #1', sent, heard, 3500)).toMatchObject({ live: 1, resynced: 1, missed: [], finalVersion: 4 });
      const stale = [{ at: 3500, version: 2, via: 'resync' as const }];
      expect(reconcileControl('/ws/control #2', sent, stale, 3500)).toMatchObject({ live: 0, resynced: 0, missed: [3, 4], finalVersion: 2 });
    });
  });

  describe('writes', () => {
    const event = request('event', { events: [{ event_id: 'ev-1' }] }, (body) => (body.accepted_event_ids.includes('ev-1') ? 'ev-1' : undefined));
    const user = request('user', { username: 'ru_1' }, () => 'ru_1');
    const subscription = request('subscription', undefined, () => 'reader:brand');

    it('knows the key a write would have before its answer, except a product’s', () => {
      expect([event, user, subscription, request('product', { name: 'p' })].map((r) => intendedKey({ request: r }))).toEqual(['ev-1', 'ru_1', 'reader:brand', undefined]);
    });

    it('counts a 4xx, a 503 and a 2xx that does not list the write as refused; a 502, a 504, a lost connection and a read as unknown', () => {
      const verdicts = [
        { request: event, status: 400 },
        { request: event, status: 503 },
        { request: event, status: 200 },
        { request: event, status: 200, storedKey: 'ev-1' },
        { request: event, status: 502 },
        { request: event, status: 504 },
        { request: event, error: 'ECONNRESET' },
        { request: request('gate'), status: 400 },
      ].map(refused);
      expect(verdicts).toEqual([true, true, true, false, false, false, false, false]);
    });
  });

  it('takes percentiles of latencies', () => {
    expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 0.99)).toBe(5);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
