import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export type Scrape = ReturnType<typeof parsePrometheusTextFormat>;

/** One scrape of a `/metrics`, parsed by a published Prometheus text-format parser. */
export async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return parsePrometheusTextFormat(await response.text());
}

/**
 * The sum of a counter's or gauge's samples whose labels include `labels`; 0 when none has been
 * recorded yet. (The parser keeps no labels on histogram samples, so histograms are not summed here.)
 */
export function sampleSum(families: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((candidate) => candidate.name === name);
  if (!family) return 0;
  return family.metrics
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value))
    .reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);
}
