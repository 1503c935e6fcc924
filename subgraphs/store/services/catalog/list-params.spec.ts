import { FieldErrors } from '../../../../lib/errors';
import { readChangeWindow, readDate, readPaging } from './list-params';

describe('list parameters', () => {
  it.each([
    ['2024-01-31T12:00:00+0000', '2024-01-31T12:00:00.000Z'],
    ['2024-01-31T12:00:00+00:00', '2024-01-31T12:00:00.000Z'],
    ['2024-01-31T12:00:00Z', '2024-01-31T12:00:00.000Z'],
    ['2024-01-31T09:00:00-0300', '2024-01-31T12:00:00.000Z'],
    ['2024-01-31T12:00:00.250Z', '2024-01-31T12:00:00.250Z'],
    ['2024-01-31', '2024-01-31T00:00:00.000Z'],
  ])('reads the date %s', (text, iso) => {
    const errors = new FieldErrors();
    expect(readDate(errors, 'created_at_min', text)?.toISOString()).toBe(iso);
    expect(errors.isEmpty).toBe(true);
  });

  it.each(['yesterday', '2024-13-01', '2024-01-31T25:00:00Z', '31/01/2024'])('refuses the date %s on its field', (text) => {
    const errors = new FieldErrors();
    expect(readDate(errors, 'created_at_min', text)).toBeUndefined();
    expect(() => errors.throwIfAny()).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ field: 'created_at_min' }) }));
  });

  it('turns the change window into one condition per date given, and names each bad one', () => {
    const errors = new FieldErrors();
    expect(readChangeWindow(errors, { createdAtMin: '2024-01-31', updatedAtMax: '2024-02-01T00:00:00Z' })).toEqual([
      { createdAt: { $gte: new Date('2024-01-31T00:00:00Z') } },
      { updatedAt: { $lte: new Date('2024-02-01T00:00:00Z') } },
    ]);
    expect(errors.isEmpty).toBe(true);
    expect(readChangeWindow(errors, { createdAtMax: 'yesterday', updatedAtMin: 'tomorrow' })).toEqual([]);
    expect(() => errors.throwIfAny()).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ details: { fields: { created_at_max: [expect.any(String)], updated_at_min: [expect.any(String)] } } }) }),
    );
  });

  it('checks page and per_page', () => {
    const errors = new FieldErrors();
    expect(readPaging(errors, undefined, undefined)).toEqual({ page: 1, perPage: 30 });
    readPaging(errors, 0, 201);
    expect(() => errors.throwIfAny()).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ details: { fields: { page: [expect.any(String)], per_page: [expect.any(String)] } } }) }),
    );
  });
});
