import { badInput } from '../../../lib/errors';

/** The `{organization_id}` path segment, percent-decoded; a malformed encoding is the caller's error. */
export function organisationIdOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badInput('organisationId', 'The organization id is not a valid percent-encoded string');
  }
}
