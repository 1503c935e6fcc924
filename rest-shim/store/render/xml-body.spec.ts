import { XMLParser } from 'fast-xml-parser';
import { singular, xmlBody } from './xml-body';

describe('xmlBody', () => {
  it('names the root after the resource and writes lists as repeated children', () => {
    const xml = xmlBody('products', [
      { id: 1, name: { es: 'Té & café', en: 'Tea <and> coffee' }, variants: [{ id: 10, price: '1.50' }, { id: 11, price: null }], categories: [] },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<products><product><id>1</id>')).toBe(true);
    expect(xml).toContain('<variants><variant><id>10</id><price>1.50</price></variant><variant><id>11</id><price/></variant></variants>');
    const parsed = new XMLParser({ parseTagValue: false }).parse(xml);
    expect(parsed.products.product.name).toEqual({ es: 'Té & café', en: 'Tea <and> coffee' });
  });

  it('writes one object under its own name', () => {
    expect(xmlBody('category', { id: 3, subcategories: [4, 5] })).toContain(
      '<category><id>3</id><subcategories><subcategory>4</subcategory><subcategory>5</subcategory></subcategories></category>',
    );
  });

  it('singularises the list keys of the API', () => {
    expect(['products', 'categories', 'images', 'values', 'subcategories', 'address'].map(singular)).toEqual([
      'product',
      'category',
      'image',
      'value',
      'subcategory',
      'address_item',
    ]);
  });
});
