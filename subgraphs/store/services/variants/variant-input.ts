import { FieldErrors } from '../../../../lib/errors';
import type { Variant } from '../../entities';
import { parseStoredValueList, readLanguageValueList } from '../language/language-values';
import { readHundredths } from '../language/money';
import { nonNegativeInteger, optionalText, requireBoolean } from '../catalog/field-rules';

/** What a variant input sets: columns of Variant (absent ones unchanged). */
export type VariantChanges = Partial<
  Pick<
    Variant,
    | 'price' | 'compareAtPrice' | 'promotionalPrice' | 'cost' | 'weight' | 'width' | 'height' | 'depth'
    | 'stockManagement' | 'stock' | 'sku' | 'values' | 'barcode' | 'mpn' | 'ageGroup' | 'gender' | 'imageId' | 'position'
  >
>;

/** The written fields of a variant, as GraphQL hands them over (absent: undefined). */
export interface VariantFields {
  price?: unknown;
  compareAtPrice?: unknown;
  promotionalPrice?: unknown;
  cost?: unknown;
  weight?: unknown;
  width?: unknown;
  height?: unknown;
  depth?: unknown;
  stockManagement?: boolean | null;
  stock?: number | null;
  sku?: string | null;
  values?: unknown[] | null;
  barcode?: string | null;
  mpn?: string | null;
  ageGroup?: string | null;
  gender?: string | null;
  imageId?: number | null;
  position?: number | null;
}

const AMOUNTS = [
  ['price', 'price'],
  ['compareAtPrice', 'compare_at_price'],
  ['promotionalPrice', 'promotional_price'],
  ['cost', 'cost'],
  ['weight', 'weight'],
  ['width', 'width'],
  ['height', 'height'],
  ['depth', 'depth'],
] as const;

const TEXTS = [
  ['sku', 'sku', 100],
  ['barcode', 'barcode', 100],
  ['mpn', 'mpn', 100],
  ['ageGroup', 'age_group', 20],
  ['gender', 'gender', 20],
] as const;

/**
 * Reads a variant's written fields into column changes, collecting every problem into `errors`
 * under `prefix` + the REST field name. Writing a stock turns stock management on; null stock, or
 * `stock_management: false`, turns it off.
 */
export function readVariantFields(fields: VariantFields, languages: readonly string[], errors: FieldErrors, prefix = '', previous?: Variant): VariantChanges {
  const changes: VariantChanges = {};
  for (const [key, rest] of AMOUNTS) {
    if (fields[key] !== undefined) errors.check(() => (changes[key] = readHundredths(prefix + rest, fields[key])));
  }
  for (const [key, rest, max] of TEXTS) {
    if (fields[key] !== undefined) errors.check(() => (changes[key] = optionalText(prefix + rest, fields[key] ?? null, max)));
  }
  if (fields.values !== undefined) {
    errors.check(() => {
      changes.values = JSON.stringify(readLanguageValueList(`${prefix}values`, fields.values, languages, previous ? parseStoredValueList(previous.values) : []));
    });
  }
  if (fields.stockManagement !== undefined) errors.check(() => (changes.stockManagement = requireBoolean(`${prefix}stock_management`, fields.stockManagement ?? null)));
  if (fields.stock !== undefined) {
    if (fields.stock === null) {
      changes.stock = null;
      changes.stockManagement ??= false;
    } else {
      errors.check(() => (changes.stock = nonNegativeInteger(`${prefix}stock`, fields.stock ?? null)));
      changes.stockManagement ??= true;
    }
  }
  if (changes.stockManagement === false) changes.stock = null;
  if (changes.stockManagement === true && changes.stock === undefined && (previous?.stock ?? null) === null) changes.stock = 0;
  if (fields.position !== undefined) errors.check(() => (changes.position = nonNegativeInteger(`${prefix}position`, fields.position ?? null, 100_000)));
  if (fields.imageId !== undefined) changes.imageId = fields.imageId;
  return changes;
}
