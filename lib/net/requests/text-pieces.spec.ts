import { jsonPieces, PIECE_LENGTH, utf8Pieces } from './text-pieces';

const joined = (value: unknown, end?: string) => jsonPieces(value, end).join('');

describe('jsonPieces', () => {
  const product = (id: number) => ({
    id,
    name: `Catalogue item ${id} — ñandú 🦤`,
    price: '9.90',
    published: true,
    sku: null,
    variants: [{ id: id * 10, stock: 5 }],
    images: [],
  });
  const page = { data: { products: { totalCount: 200, products: Array.from({ length: 200 }, (_, index) => product(index)) } } };

  it('writes the text JSON.stringify writes, with the end after it', () => {
    expect(joined(page, '\n')).toBe(`${JSON.stringify(page)}\n`);
  });

  it('cuts a large text into pieces of about PIECE_LENGTH characters, none of them much longer', () => {
    const pieces = jsonPieces(page);
    const longestElement = Math.max(...page.data.products.products.map((item) => JSON.stringify(item).length));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThan(PIECE_LENGTH + longestElement + 64);
  });

  it('keeps a small text in one piece', () => {
    expect(jsonPieces({ data: { organisation: { id: '1', name: 'Acme' } } }, '\n')).toEqual(['{"data":{"organisation":{"id":"1","name":"Acme"}}}\n']);
    // Stringified whole up to 128 members and elements, and walked beyond.
    const list = (length: number) => ({ data: { items: Array.from({ length }, (_, index) => ({ index })) } });
    expect(jsonPieces(list(60))).toEqual([JSON.stringify(list(60))]);
    expect(joined(list(2000))).toBe(JSON.stringify(list(2000)));
    expect(jsonPieces(list(2000)).length).toBeGreaterThan(1);
  });

  it('writes what JSON.stringify writes for every kind of member', () => {
    const value = {
      text: 'quote " backslash \\ line\u2028separator \u0000',
      numbers: [0, -1.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY],
      nothing: null,
      skipped: undefined,
      fn: () => 1,
      symbol: Symbol('s'),
      inArray: [undefined, () => 1, Symbol('t'), null],
      nested: [[[]], [{}], { deep: { deeper: [1, [2, { a: 3 }]] } }],
      empty: {},
      date: new Date(0),
      dated: { toJSON: () => 'its own' },
      boxed: [Object('text'), Object(2)],
      noPrototype: Object.assign(Object.create(null) as object, { a: 1, b: [Object.assign(Object.create(null) as object, { c: 2 })] }),
      'key "quoted"': 1,
    };
    expect(joined(value)).toBe(JSON.stringify(value));
    expect(joined([value, [value]])).toBe(JSON.stringify([value, [value]]));
  });

  it('writes a value that is not an object or an array as JSON.stringify does', () => {
    for (const value of ['text', 12, true, null, new Date(0)]) expect(joined(value)).toBe(JSON.stringify(value));
    for (const value of [undefined, () => 1, Symbol('s')]) expect(jsonPieces(value, '\n')).toEqual([]);
  });

  it('refuses a cycle and a BigInt, as JSON.stringify does', () => {
    const cycle: Record<string, unknown> = { a: {} };
    (cycle.a as Record<string, unknown>).back = cycle;
    expect(() => jsonPieces(cycle)).toThrow(TypeError);
    const arrayCycle: unknown[] = [];
    arrayCycle.push([arrayCycle]);
    expect(() => jsonPieces(arrayCycle)).toThrow(TypeError);
    expect(() => jsonPieces({ big: 1n })).toThrow(TypeError);
  });

  it('walks a container met twice but not inside itself', () => {
    const shared = { a: [1] };
    const value = { first: shared, second: shared, list: [shared.a, shared.a] };
    expect(joined(value)).toBe(JSON.stringify(value));
  });
});

describe('utf8Pieces', () => {
  it('decodes bytes in pieces of at most PIECE_LENGTH bytes, never cutting a character in two', () => {
    // Characters of one to four bytes, placed so that piece boundaries fall inside each kind.
    for (const filler of ['a', 'ñ', '✓', '🦤']) {
      const text = `${'x'.repeat(PIECE_LENGTH - 1)}${filler.repeat(PIECE_LENGTH)}end`;
      const bytes = Buffer.from(text);
      const pieces = utf8Pieces(bytes);
      expect(pieces.join('')).toBe(text);
      for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(PIECE_LENGTH);
      expect(pieces.some((piece) => piece.includes('\uFFFD'))).toBe(false);
    }
  });

  it('keeps bytes that are not UTF-8 as a single decoding would', () => {
    const bytes = Buffer.concat([Buffer.alloc(PIECE_LENGTH + 10, 0x80), Buffer.from('tail')]);
    expect(utf8Pieces(bytes).join('')).toBe(bytes.toString('utf8'));
    expect(utf8Pieces(Buffer.alloc(0))).toEqual([]);
  });
});
