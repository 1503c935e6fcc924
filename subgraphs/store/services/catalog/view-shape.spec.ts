import { field, ViewShape } from './view-shape';

interface Row {
  id: number;
  cents: number | null;
  label: string;
}
interface View {
  id: number;
  price: string | null;
  title: string;
}

const shape = new ViewShape<Row, View, keyof Row>({
  id: field(['id'], (row) => row.id),
  price: field(['cents'], (row) => (row.cents === null ? null : (row.cents / 100).toFixed(2))),
  title: field(['label', 'id'], (row, languages) => `${row.label} #${row.id} (${languages.join('/')})`),
});
const row: Row = { id: 7, cents: 1250, label: 'Lamp' };

describe('ViewShape', () => {
  it('makes every field, and reads every column, when no fields are given', () => {
    expect(shape.make(row, ['es', 'en'])).toEqual({ id: 7, price: '12.50', title: 'Lamp #7 (es/en)' });
    expect(shape.reads()).toEqual(['cents', 'id', 'label']);
  });

  it('makes only the fields asked for, from the columns they read', () => {
    expect(shape.reads(['price'])).toEqual(['cents']);
    expect(shape.make({ cents: null } as Row, ['es'], ['price'])).toEqual({ price: null });
    expect(shape.reads(['title', 'nonsense'])).toEqual(['id', 'label']);
    expect(shape.make(row, ['es'], ['title', 'nonsense'])).toEqual({ title: 'Lamp #7 (es)' });
    expect(shape.reads([])).toEqual([]);
    expect(shape.make(row, ['es'], [])).toEqual({});
  });

  it('gives a maker for many views with the same fields, each view as make would make it', () => {
    const makeTitles = shape.maker(['title', 'id']);
    expect([row, { ...row, id: 8, label: 'Chair' }].map((source) => makeTitles(source, ['en']))).toEqual([
      { id: 7, title: 'Lamp #7 (en)' },
      { id: 8, title: 'Chair #8 (en)' },
    ]);
    expect(shape.maker()(row, ['es'])).toEqual(shape.make(row, ['es']));
    expect(shape.maker(['price'])).toBe(shape.maker(['price']));
  });
});
