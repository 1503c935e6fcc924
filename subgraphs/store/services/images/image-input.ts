import type { FieldErrors } from '../../../../lib/errors';
import { nonNegativeInteger, requireUrl } from '../catalog/field-rules';
import { readLanguageValue, type LanguageValues } from '../language/language-values';

export const MAX_IMAGES = 250;

/** The written fields of an image, as GraphQL hands them over (absent: undefined). */
export interface ImageFields {
  src?: string | null;
  position?: number | null;
  alt?: unknown;
}

export interface ImageChanges {
  src?: string;
  position?: number;
  alt?: string;
}

/** Reads an image's written fields (src required when `creating`). */
export function readImageFields(fields: ImageFields, languages: readonly string[], errors: FieldErrors, prefix = '', creating = true, previousAlt: LanguageValues = {}): ImageChanges {
  const changes: ImageChanges = {};
  if (creating || fields.src !== undefined) errors.check(() => (changes.src = requireUrl(`${prefix}src`, fields.src, ['http', 'https'])));
  if (fields.position !== undefined) errors.check(() => (changes.position = nonNegativeInteger(`${prefix}position`, fields.position ?? null, 100_000)));
  if (fields.alt !== undefined) errors.check(() => (changes.alt = JSON.stringify(readLanguageValue(`${prefix}alt`, fields.alt, languages, previousAlt, 500))));
  return changes;
}
