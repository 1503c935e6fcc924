import { AppError } from '../../../../lib/errors';
import { inStoreOrder, readLanguageValue, readLanguageValueList } from './language-values';

const languages = ['es', 'pt', 'en'];

function failure(read: () => unknown): Record<string, unknown> {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).extensions;
  }
  throw new Error('accepted');
}

describe('language-aware values', () => {
  it('apply a string to every language, in the store order', () => {
    const value = readLanguageValue('name', 'Camisa', languages);
    expect(value).toEqual({ es: 'Camisa', pt: 'Camisa', en: 'Camisa' });
    expect(Object.keys(value)).toEqual(languages);
  });

  it('let an object give some languages: the others keep their value, or "" when new', () => {
    expect(readLanguageValue('name', { pt: 'Camisa' }, languages)).toEqual({ es: '', pt: 'Camisa', en: '' });
    const previous = { en: 'Shirt', es: 'Camisa', pt: 'Camisa' };
    const value = readLanguageValue('name', { en: 'T-shirt', es: null }, languages, previous);
    expect(value).toEqual({ es: '', pt: 'Camisa', en: 'T-shirt' });
    expect(Object.keys(value)).toEqual(languages);
  });

  it('refuse an unknown language or a value of another type, on the field', () => {
    expect(failure(() => readLanguageValue('name', { fr: 'Chemise' }, languages))).toMatchObject({
      code: 'INVALID_FIELDS',
      field: 'name',
      details: { fields: { name: [expect.stringContaining('fr')] } },
    });
    for (const written of [3, true, null, ['a'], { es: 4 }]) {
      expect(failure(() => readLanguageValue('description', written, languages))).toMatchObject({ field: 'description' });
    }
  });

  it('check the length of every language', () => {
    expect(failure(() => readLanguageValue('seo_title', { en: 'x'.repeat(71) }, languages, {}, 70))).toMatchObject({ field: 'seo_title' });
    expect(readLanguageValue('seo_title', 'x'.repeat(70), languages, {}, 70).en).toHaveLength(70);
  });

  it('read stored values in the store order, dropping languages it no longer has', () => {
    expect(Object.entries(inStoreOrder({ fr: 'x', en: 'Shirt', es: 'Camisa' }, languages))).toEqual([
      ['es', 'Camisa'],
      ['pt', ''],
      ['en', 'Shirt'],
    ]);
  });

  it('read lists entry by entry', () => {
    expect(readLanguageValueList('values', ['M', { en: 'Red' }], languages, [{ es: 'G', pt: 'G', en: 'L' }])).toEqual([
      { es: 'M', pt: 'M', en: 'M' },
      { es: '', pt: '', en: 'Red' },
    ]);
    expect(failure(() => readLanguageValueList('values', 'M', languages))).toMatchObject({ field: 'values' });
    expect(failure(() => readLanguageValueList('values', ['a', 'b', 'c', 'd'], languages))).toMatchObject({ field: 'values' });
  });
});
