import { selectFields } from './field-selection';

describe('selectFields', () => {
  const product = { id: 1, name: { es: 'Mate' }, handle: { es: 'mate' }, variants: [] };

  it('keeps the named keys of an object or of each object of a list, ignoring unknown names', () => {
    expect(selectFields(product, 'name, id,nope')).toEqual({ id: 1, name: { es: 'Mate' } });
    expect(Object.keys(selectFields(product, 'name,id') as object)).toEqual(['id', 'name']);
    expect(selectFields([product, { ...product, id: 2 }], 'id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('leaves the body whole without a usable parameter', () => {
    expect(selectFields(product, undefined)).toBe(product);
    expect(selectFields(product, '')).toBe(product);
    expect(selectFields(product, ['id', 'name'])).toBe(product);
    expect(selectFields(product, 'nope')).toEqual({});
  });
});
