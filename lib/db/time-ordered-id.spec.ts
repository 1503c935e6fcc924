import { newTimeOrderedId } from './time-ordered-id';

describe('newTimeOrderedId', () => {
  it('is a version 7 UUID that starts with the time it was made', () => {
    const before = Date.now();
    const id = newTimeOrderedId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const millis = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(Date.now());
  });

  it('sorts ids in the order they were made, within a millisecond too', () => {
    const ids = Array.from({ length: 5_000 }, () => newTimeOrderedId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
