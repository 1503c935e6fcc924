import { DEFAULT_MODEL_PRICES } from '../../../../lib/config';
import { ModelPriceTable } from './model-prices';

describe('ModelPriceTable', () => {
  const table = new ModelPriceTable(DEFAULT_MODEL_PRICES);

  it('prices a model by its longest matching prefix, an unknown one by *', () => {
    expect(table.priceOf('gpt-4o-mini-2024-07-18')).toEqual(DEFAULT_MODEL_PRICES['gpt-4o-mini']);
    expect(table.priceOf('GPT-4o-2024-08-06')).toEqual(DEFAULT_MODEL_PRICES['gpt-4o']);
    expect(table.priceOf('mystery')).toEqual(DEFAULT_MODEL_PRICES['*']);
    expect(table.priceOf(null)).toEqual(DEFAULT_MODEL_PRICES['*']);
  });

  it('turns tokens into microcents, rounding up without binary noise', () => {
    // gpt-4o-mini: 0.015¢ per 1K input, 0.06¢ per 1K output
    expect(table.costMicrocents('gpt-4o-mini', 1000, 0)).toBe(15_000);
    expect(table.costMicrocents('gpt-4o-mini', 1000, 1000)).toBe(75_000);
    expect(table.costMicrocents('gpt-4o-mini', 1, 0)).toBe(15);
    expect(table.costMicrocents('gpt-4o', 0, 0)).toBe(0);
  });

  it('projects every estimated token at the dearer rate', () => {
    expect(table.projectMicrocents('gpt-4o', 1000)).toBe(1_000_000);
    expect(table.projectMicrocents('gpt-4o', 0)).toBe(0);
  });
});
