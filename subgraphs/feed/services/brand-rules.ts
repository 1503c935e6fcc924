import { badInput } from '../../../lib/errors';
import type { BrandFields } from '../entities';

const MAX_URL = 2048;

/** What an update may say of each field: a new value, or nothing (absent or null) to keep it. */
export type BrandChanges = { [F in keyof BrandFields]?: BrandFields[F] | null };

/** Every field of a new brand, checked and tidied; each failure names its field. */
export function checkBrandFields(fields: BrandFields): BrandFields {
  return {
    name: checkBrandName(fields.name),
    description: checkDescription(fields.description),
    url: checkWebUrl('url', fields.url),
    featuredImage: checkWebUrl('featuredImage', fields.featuredImage),
    availability: fields.availability,
    isFeatured: fields.isFeatured,
  };
}

/** The fields an update sets (absent ones stay as they are), checked like a new brand's. */
export function checkBrandChanges(changes: BrandChanges): Partial<BrandFields> {
  const checked: Partial<BrandFields> = {};
  if (changes.name != null) checked.name = checkBrandName(changes.name);
  if (changes.description != null) checked.description = checkDescription(changes.description);
  if (changes.url != null) checked.url = checkWebUrl('url', changes.url);
  if (changes.featuredImage != null) checked.featuredImage = checkWebUrl('featuredImage', changes.featuredImage);
  if (changes.availability != null) checked.availability = changes.availability;
  if (changes.isFeatured != null) checked.isFeatured = changes.isFeatured;
  return checked;
}

function checkBrandName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badInput('name', 'name is required');
  if (trimmed.length > 200) throw badInput('name', 'name must be at most 200 characters');
  return trimmed;
}

function checkDescription(description: string): string {
  if (description.length > 10_000) throw badInput('description', 'description must be at most 10000 characters');
  return description.trim();
}

/** An absolute http(s) URL: brand links and images are opened by browsers. */
function checkWebUrl(field: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw badInput(field, `${field} is required`);
  if (trimmed.length > MAX_URL) throw badInput(field, `${field} must be at most ${MAX_URL} characters`);
  let protocol: string;
  try {
    protocol = new URL(trimmed).protocol;
  } catch {
    throw badInput(field, `${field} must be an absolute http(s) URL`);
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw badInput(field, `${field} must be an absolute http(s) URL`);
  return trimmed;
}
