import { AppError } from '../../../../lib/errors';
import { formatHundredths, readHundredths } from './money';

describe('amounts', () => {
  it.each([
    [19.9, 1990],
    ['19.90', 1990],
    ['0', 0],
    [' 7 ', 700],
    ['1.005', 101],
    ['1.004', 100],
    [1e3, 100000],
    ['2.5e1', 2500],
  ])('reads %p as %p hundredths', (value, hundredths) => {
    expect(readHundredths('price', value)).toBe(hundredths);
  });

  it('clears with null or an empty string', () => {
    expect(readHundredths('price', null)).toBeNull();
    expect(readHundredths('price', '')).toBeNull();
  });

  it.each([['abc'], ['-1'], [-1], [true], [{}], ['1.2.3'], [Number.NaN], ['1e20']])('refuses %p on the field', (value) => {
    try {
      readHundredths('price', value);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).extensions).toMatchObject({ code: 'INVALID_FIELDS', field: 'price' });
    }
  });

  it('shows two decimals', () => {
    expect(formatHundredths(1990)).toBe('19.90');
    expect(formatHundredths(5)).toBe('0.05');
    expect(formatHundredths(0)).toBe('0.00');
    expect(formatHundredths(123456789)).toBe('1234567.89');
    expect(formatHundredths(null)).toBeNull();
  });
});
