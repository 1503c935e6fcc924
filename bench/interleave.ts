/** One of the things a comparison measures (our gateway, Hive Gateway, an older build). */
export interface Contender<M> {
  label: string;
  measure(): Promise<M>;
}

/**
 * Measures each contender once per round, in turn, so that a change in the machine's other load
 * over the run falls on all of them alike; every other round in the reverse order (A B, B A, A B
 * …), so that a steady drift (processes still warming up, a cooling machine) does not always
 * favour the one measured last. Returns each contender's measurements, one per round, in the
 * contenders' order.
 */
export async function interleave<M>(rounds: number, contenders: readonly Contender<M>[]): Promise<M[][]> {
  const results: M[][] = contenders.map(() => []);
  const order = [...contenders.keys()];
  for (let round = 0; round < rounds; round++) {
    for (const index of round % 2 === 0 ? order : [...order].reverse()) results[index].push(await contenders[index].measure());
  }
  return results;
}

export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((x, y) => x - y);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of the per-round ratios `a[i] / b[i]`: robust to a round where the machine was busy for both. */
export function medianRatio(a: readonly number[], b: readonly number[]): number {
  return median(a.map((value, round) => value / b[round]));
}
