import { AppError } from '../../../lib/errors';
import type { BrandFields } from '../entities';
import { checkBrandFields } from '../services/brand-rules';

export interface BrandFile {
  brands: BrandFields[];
  /** One line per problem, naming the entry and field; the import writes nothing when there are any. */
  problems: string[];
}

type FieldKind = 'string' | 'boolean';

/** The fields an entry may carry, with their type and the value used when one is left out. */
const ENTRY_FIELDS: Record<keyof BrandFields, { kind: FieldKind; fallback?: string | boolean }> = {
  name: { kind: 'string' },
  description: { kind: 'string', fallback: '' },
  url: { kind: 'string' },
  featuredImage: { kind: 'string' },
  availability: { kind: 'boolean', fallback: true },
  isFeatured: { kind: 'boolean', fallback: false },
};

/**
 * Reads an import file: a JSON array of brands with the fields of the spec. Other keys (a legacy
 * export's `_id`, `products` or `subscriberCount`) are ignored: ids and counts belong to this
 * database. Every entry is checked by the rules brands created through GraphQL obey, and no two
 * entries may share a `url`.
 */
export function parseBrandFile(text: string): BrandFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { brands: [], problems: [`the file is not valid JSON: ${(error as Error).message}`] };
  }
  if (!Array.isArray(parsed)) return { brands: [], problems: ['the file must hold a JSON array of brands'] };

  const brands: BrandFields[] = [];
  const problems: string[] = [];
  const firstWithUrl = new Map<string, number>();
  parsed.forEach((entry: unknown, index) => {
    const where = `brands[${index}]`;
    const outcome = readEntry(entry);
    if (typeof outcome === 'string') {
      problems.push(`${where}${outcome}`);
      return;
    }
    const earlier = firstWithUrl.get(outcome.url);
    if (earlier !== undefined) {
      problems.push(`${where}.url: the same url as brands[${earlier}]`);
      return;
    }
    firstWithUrl.set(outcome.url, index);
    brands.push(outcome);
  });
  return { brands, problems };
}

/** The checked brand, or the problem as `.field: message`. */
function readEntry(entry: unknown): BrandFields | string {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return ': must be an object';
  const source = entry as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const [field, { kind, fallback }] of Object.entries(ENTRY_FIELDS)) {
    const value = source[field];
    if (value === undefined || value === null) {
      if (fallback === undefined) return `.${field}: ${field} is required`;
      fields[field] = fallback;
    } else if (typeof value !== kind) {
      return `.${field}: ${field} must be a ${kind}`;
    } else {
      fields[field] = value;
    }
  }
  try {
    return checkBrandFields(fields as unknown as BrandFields);
  } catch (error) {
    if (error instanceof AppError) return `.${error.field}: ${error.message}`;
    throw error;
  }
}
