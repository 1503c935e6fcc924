import { badRequest } from './page-errors';

const ID = /^[1-9]\d{0,9}$/;
/** The graph's Int is 32-bit: a larger id names nothing and must not reach it. */
const MAX_INT = 2_147_483_647;

/** A path or query id: a positive 32-bit integer, else a 400 naming it. */
export function readId(raw: unknown, what: string): number {
  if (typeof raw !== 'string' || !ID.test(raw) || Number(raw) > MAX_INT) throw badRequest(`The ${what} must be a positive whole number.`);
  return Number(raw);
}
