import { FieldErrors, invalidField } from '../../../../lib/errors';
import type { Product } from '../../entities';
import { parseStoredValueList, readLanguageValue, readLanguageValueList, type LanguageValues } from '../language/language-values';
import { optionalText, optionalUrl, readTags, requireBoolean } from '../catalog/field-rules';
import { MAX_IMAGES, readImageFields, type ImageChanges, type ImageFields } from '../images/image-input';
import { readVariantFields, type VariantChanges, type VariantFields } from '../variants/variant-input';

export const MAX_VARIANTS = 1000;

/** The language-aware fields kept in ProductText, with their REST names and limits. */
export const PRODUCT_TEXT_FIELDS = [
  ['name', 'name', 500],
  ['description', 'description', 100_000],
  ['handle', 'handle', 200],
  ['seoTitle', 'seo_title', 70],
  ['seoDescription', 'seo_description', 320],
] as const;
export type ProductTextField = (typeof PRODUCT_TEXT_FIELDS)[number][0];

/** The written fields of a product, as GraphQL hands them over (absent: undefined). */
export interface ProductFields {
  name?: unknown;
  description?: unknown;
  handle?: unknown;
  seoTitle?: unknown;
  seoDescription?: unknown;
  attributes?: unknown[] | null;
  published?: boolean | null;
  freeShipping?: boolean | null;
  requiresShipping?: boolean | null;
  canonicalUrl?: string | null;
  videoUrl?: string | null;
  brand?: string | null;
  tags?: string | null;
  categories?: number[] | null;
  variants?: VariantFields[] | null;
  images?: ImageFields[] | null;
}


/** A product input read and checked: what to write. */
export interface ProductChanges {
  texts: Partial<Record<ProductTextField, LanguageValues>>;
  columns: Partial<Pick<Product, 'attributes' | 'published' | 'freeShipping' | 'requiresShipping' | 'canonicalUrl' | 'videoUrl' | 'brand' | 'brandKey' | 'tags'>>;
  categories?: number[];
  variants?: VariantChanges[];
  images?: ImageChanges[];
}


/**
 * Reads a product input against the store's languages. On create (no `previous`) `name` is
 * required and variants and images may come along; on update absent fields stay, and language
 * objects fill in over the previous texts. Every problem is reported at once, by REST field name.
 */
export function readProductFields(
  fields: ProductFields,
  languages: readonly string[],
  previous?: { product: Product; texts: Partial<Record<ProductTextField, LanguageValues>> },
): ProductChanges {
  const errors = new FieldErrors();
  const changes: ProductChanges = { texts: {}, columns: {} };
  for (const [key, rest, max] of PRODUCT_TEXT_FIELDS) {
    if (fields[key] === undefined) continue;
    errors.check(() => (changes.texts[key] = readLanguageValue(rest, fields[key], languages, previous?.texts[key] ?? {}, max)));
  }
  const name = changes.texts.name;
  if ((!previous && fields.name === undefined) || (name && Object.values(name).every((value) => value.trim() === ''))) errors.add('name', "can't be blank");
  if (fields.attributes !== undefined) {
    errors.check(() => {
      const list = readLanguageValueList('attributes', fields.attributes, languages, previous ? parseStoredValueList(previous.product.attributes) : []);
      changes.columns.attributes = JSON.stringify(list);
    });
  }
  for (const [key, rest] of [['published', 'published'], ['freeShipping', 'free_shipping'], ['requiresShipping', 'requires_shipping']] as const) {
    if (fields[key] !== undefined) errors.check(() => (changes.columns[key] = requireBoolean(rest, fields[key] ?? null)));
  }
  if (fields.canonicalUrl !== undefined) errors.check(() => (changes.columns.canonicalUrl = optionalUrl('canonical_url', fields.canonicalUrl ?? null, ['http', 'https'])));
  if (fields.videoUrl !== undefined) errors.check(() => (changes.columns.videoUrl = optionalUrl('video_url', fields.videoUrl ?? null, ['https'])));
  if (fields.brand !== undefined) {
    errors.check(() => {
      const brand = optionalText('brand', fields.brand ?? null, 200);
      changes.columns.brand = brand;
      changes.columns.brandKey = brand?.toLowerCase() ?? null;
    });
  }
  if (fields.tags !== undefined) errors.check(() => (changes.columns.tags = readTags(fields.tags ?? null)));
  if (fields.categories !== undefined) changes.categories = [...new Set(fields.categories ?? [])];
  if (previous) {
    if (fields.variants != null) errors.add('variants', 'cannot be changed with the product: use its variants');
    if (fields.images != null) errors.add('images', 'cannot be changed with the product: use its images');
  } else {
    if (fields.variants != null) {
      if (fields.variants.length > MAX_VARIANTS) errors.check(() => { throw invalidField('variants', `must have at most ${MAX_VARIANTS} entries`); });
      changes.variants = fields.variants.map((variant, index) => readVariantFields(variant, languages, errors, `variants[${index}].`));
      changes.variants.forEach((variant, index) => {
        if (variant.imageId != null) errors.add(`variants[${index}].image_id`, 'cannot refer to an image before the product exists');
      });
    }
    if (fields.images != null) {
      if (fields.images.length > MAX_IMAGES) errors.add('images', `must have at most ${MAX_IMAGES} entries`);
      changes.images = fields.images.map((image, index) => readImageFields(image, languages, errors, `images[${index}].`));
    }
  }
  errors.throwIfAny();
  return changes;
}
