import { storeTimestamp } from '../../../lib/store-rest';
import { readIsoDate } from './store-timestamps';

describe('store timestamps', () => {
  it('answers in YYYY-MM-DDThh:mm:ss+0000', () => {
    expect(storeTimestamp('2026-11-22T17:05:09.123Z')).toBe('2026-11-22T17:05:09+0000');
    expect(storeTimestamp(new Date(Date.UTC(2020, 0, 2, 3, 4, 5)))).toBe('2020-01-02T03:04:05+0000');
    expect(storeTimestamp(null)).toBeNull();
  });

  it.each([
    ['2026-11-22T17:05:09+0000', '2026-11-22T17:05:09.000Z'],
    ['2026-11-22T17:05:09+00:00', '2026-11-22T17:05:09.000Z'],
    ['2026-11-22T17:05:09Z', '2026-11-22T17:05:09.000Z'],
    ['2026-11-22T17:05:09.5z', '2026-11-22T17:05:09.500Z'],
    ['2026-11-22T14:05:09-0300', '2026-11-22T17:05:09.000Z'],
    ['2026-11-22T19:05+02', '2026-11-22T17:05:00.000Z'],
    ['2026-11-22 17:05:09', '2026-11-22T17:05:09.000Z'],
    ['2026-11-22', '2026-11-22T00:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(readIsoDate('created_at_min', text).toISOString()).toBe(iso);
  });

  it.each(['yesterday', '2026-02-30', '2026-13-01', '2026-11-22T25:00:00Z', '22/11/2026', '', 7])('refuses %p on the field', (raw) => {
    expect(() => readIsoDate('updated_at_max', raw)).toThrow(expect.objectContaining({ status: 422, field: 'updated_at_max' }));
  });
});
