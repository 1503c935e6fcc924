/** A plain JSON object (not null, not an array): what the gateway's and the LLMs' answers must be to be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
