import { eventually } from '../../../test/support/eventually';
import { MemoryResponseStore } from './memory-response-store';

const answer = (body: string, maxAge = 60) => ({ body, storedAt: Date.now(), maxAge });

describe('MemoryResponseStore', () => {
  it('drops by tag only the entries filed under it', async () => {
    const store = new MemoryResponseStore(10);
    const { epoch } = await store.get('a');
    await store.set('a', answer('A'), ['Brand:1', 'Brand:*'], epoch);
    await store.set('b', answer('B'), ['Brand:2', 'Brand:*'], epoch);
    await store.drop(['Brand:1']);
    expect([(await store.get('a')).answer, (await store.get('b')).answer?.body]).toEqual([undefined, 'B']);
    await store.drop(['Brand:*']);
    expect((await store.get('b')).answer).toBeUndefined();
  });

  it('does not keep an answer computed while a drop happened', async () => {
    const store = new MemoryResponseStore(10);
    const { epoch } = await store.get('a');
    await store.drop(['Brand:1']);
    expect(await store.set('a', answer('stale'), ['Brand:1'], epoch)).toBe(false);
    expect((await store.get('a')).answer).toBeUndefined();
  });

  it('keeps at most its bound, the least recently read going first, and forgets their tags', async () => {
    const store = new MemoryResponseStore(2);
    const { epoch } = await store.get('a');
    await store.set('a', answer('A'), ['T:a'], epoch);
    await store.set('b', answer('B'), ['T:b'], epoch);
    await store.get('a');
    await store.set('c', answer('C'), ['T:c'], epoch);
    expect([(await store.get('a')).answer?.body, (await store.get('b')).answer, (await store.get('c')).answer?.body]).toEqual(['A', undefined, 'C']);
    // An evicted entry's tag is gone with it: dropping it touches nothing else.
    await store.drop(['T:b']);
    expect((await store.get('c')).answer?.body).toBe('C');
  });

  it('lets an entry go after its maxAge', async () => {
    const store = new MemoryResponseStore(10);
    const { epoch } = await store.get('a');
    expect(await store.set('a', { body: 'old', storedAt: Date.now() - 61_000, maxAge: 60 }, [], epoch)).toBe(false);
    expect((await store.get('a')).answer).toBeUndefined();
    await store.set('b', { body: 'brief', storedAt: Date.now(), maxAge: 0.05 }, [], epoch);
    await eventually(async () => (await store.get('b')).answer === undefined, 2_000, 'the entry to expire');
  });
});
