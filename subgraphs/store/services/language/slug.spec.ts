import { freeHandle, slugOf } from './slug';

describe('slugOf', () => {
  it.each([
    ['Camiseta Básica', 'camiseta-basica'],
    ['  Pão de Açúcar!  ', 'pao-de-acucar'],
    ['Straße & Œuvre', 'strasse-oeuvre'],
    ['Smørrebrød', 'smorrebrod'],
    ['T-Shirt -- XL', 't-shirt-xl'],
    ['100% Algodón', '100-algodon'],
    ['日本', ''],
    ['', ''],
  ])('%s → %s', (name, handle) => {
    expect(slugOf(name)).toBe(handle);
  });

  it('keeps handles within 200 characters and never ends one with a dash', () => {
    const handle = slugOf(`${'a'.repeat(199)} b`);
    expect(handle.length).toBeLessThanOrEqual(200);
    expect(handle.endsWith('-')).toBe(false);
  });
});

describe('freeHandle', () => {
  it('numbers a clash from 2 on and fills the first gap', () => {
    expect(freeHandle('shirt', new Set())).toBe('shirt');
    expect(freeHandle('shirt', new Set(['shirt']))).toBe('shirt-2');
    expect(freeHandle('shirt', new Set(['shirt', 'shirt-2', 'shirt-4']))).toBe('shirt-3');
  });
});
