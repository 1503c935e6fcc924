/** Letters NFKD does not decompose into ASCII, folded the way shoppers would write them. */
const FOLDED: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd',
  ł: 'l', Ł: 'l', þ: 'th', Þ: 'th', ı: 'i', ħ: 'h', Ħ: 'h',
};

export const MAX_HANDLE_LENGTH = 200;

/** A handle from a name: lower-case ASCII letters and digits, `-` separated, accents folded. */
export function slugOf(text: string): string {
  const folded = [...text].map((char) => FOLDED[char] ?? char).join('');
  const ascii = folded.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_HANDLE_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/**
 * The first of `base`, `base-2`, `base-3`… that `taken` does not hold: a clash within a store
 * and language gets the next free number.
 */
export function freeHandle(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
