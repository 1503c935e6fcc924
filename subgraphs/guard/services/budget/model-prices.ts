import type { ModelPrice } from '../../../../lib/config';

/** Microcents per token for a price in cents per 1,000 tokens. */
const MICROCENTS_PER_TOKEN_PER_CENT_PER_1K = 1000;

/**
 * Turns tokens into cost. A model is priced by its longest matching name prefix
 * (`gpt-4o-mini-2024-07-18` pays `gpt-4o-mini`), an unknown model by `*`.
 */
export class ModelPriceTable {
  private readonly byLength: Array<[string, ModelPrice]>;
  private readonly fallback: ModelPrice;

  constructor(prices: Record<string, ModelPrice>) {
    this.fallback = prices['*'] ?? { input: 0, output: 0 };
    this.byLength = Object.entries(prices)
      .filter(([model]) => model !== '*')
      .map(([model, price]): [string, ModelPrice] => [model.toLowerCase(), price])
      .sort(([a], [b]) => b.length - a.length);
  }

  priceOf(model: string | null | undefined): ModelPrice {
    if (!model) return this.fallback;
    const name = model.toLowerCase();
    return this.byLength.find(([prefix]) => name.startsWith(prefix))?.[1] ?? this.fallback;
  }

  /** What a finished call cost, rounded up to a whole microcent. */
  costMicrocents(model: string | null | undefined, inputTokens: number, outputTokens: number): number {
    const price = this.priceOf(model);
    return roundUp((inputTokens * price.input + outputTokens * price.output) * MICROCENTS_PER_TOKEN_PER_CENT_PER_1K);
  }

  /** An upper bound for a call estimated at `tokens` in total: every token at the dearer rate. */
  projectMicrocents(model: string | null | undefined, tokens: number): number {
    const price = this.priceOf(model);
    return roundUp(tokens * Math.max(price.input, price.output) * MICROCENTS_PER_TOKEN_PER_CENT_PER_1K);
  }

  entries(): Array<{ model: string; price: ModelPrice }> {
    return [['*', this.fallback] as [string, ModelPrice], ...this.byLength].map(([model, price]) => ({ model, price }));
  }
}

/** Ceiling that ignores binary noise (0.015 × 1000 is 15.000000000000002); never below zero. */
function roundUp(value: number): number {
  return Math.max(0, Math.ceil(value - 1e-6));
}
