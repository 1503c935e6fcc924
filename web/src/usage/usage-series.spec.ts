import { dailySeries, modelTotals, NO_MODEL, type UsageRow } from './usage-series';

const rows: UsageRow[] = [
  { day: '2026-11-20', model: 'gpt-4o', calls: 2, tokens: 3000, costCents: 1.5 },
  { day: '2026-11-22', model: null, calls: 1, tokens: 0, costCents: 0 },
  { day: '2026-11-22', model: 'gpt-4o', calls: 1, tokens: 1000, costCents: 0.5 },
  { day: '2026-11-22', model: 'gpt-4o-mini', calls: 4, tokens: 8000, costCents: 0.2 },
  { day: '2026-10-01', model: 'gpt-4o', calls: 9, tokens: 9, costCents: 9 },
];

describe('usage series', () => {
  it('makes one bar per day of the window, empty days included, stacked by model', () => {
    expect(dailySeries(rows, 'tokens', 3, new Date('2026-11-22T18:00:00Z'))).toEqual([
      { day: '2026-11-20', 'gpt-4o': 3000 },
      { day: '2026-11-21' },
      { day: '2026-11-22', [NO_MODEL]: 0, 'gpt-4o': 1000, 'gpt-4o-mini': 8000 },
    ]);
  });

  it('totals each model, most expensive first', () => {
    expect(modelTotals(rows.slice(0, 4))).toEqual([
      { model: 'gpt-4o', calls: 3, tokens: 4000, costCents: 2 },
      { model: 'gpt-4o-mini', calls: 4, tokens: 8000, costCents: 0.2 },
      { model: NO_MODEL, calls: 1, tokens: 0, costCents: 0 },
    ]);
  });
});
