/**
 * Keeps a metric label's set of values bounded whatever callers send: the first `budget`
 * distinct values that look like `shape` keep their name, later ones (and odd-looking ones)
 * count as `(other)`. One per label, for the life of the process.
 */
export class LabelBudget {
  private readonly seen = new Set<string>();

  constructor(
    private readonly budget: number,
    private readonly shape: RegExp,
    private readonly missing = '(none)',
  ) {}

  labelOf(value: string | null | undefined): string {
    if (!value) return this.missing;
    if (this.seen.has(value)) return value;
    if (!this.shape.test(value) || this.seen.size >= this.budget) return '(other)';
    this.seen.add(value);
    return value;
  }
}
