import { isIP } from 'node:net';
import { badInput } from '../../../../lib/errors';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const MAX_URL = 2048;
/** A monthly price above this is surely a mistake (cents). */
const MAX_MONTHLY_PRICE_CENTS = 100_000_00;

export function checkAppName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badInput('name', 'name is required');
  if (trimmed.length > 100) throw badInput('name', 'name must be at most 100 characters');
  return trimmed;
}

/**
 * An absolute https URL, or http on a loopback address (any port) as RFC 8252 allows native and
 * development clients; no fragment (RFC 6749 §3.1.2), no credentials.
 */
export function checkRedirectUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length > MAX_URL) throw badInput('redirectUrl', `redirectUrl must be at most ${MAX_URL} characters`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw badInput('redirectUrl', 'redirectUrl must be an absolute URL');
  }
  if (url.hash !== '' || trimmed.includes('#')) throw badInput('redirectUrl', 'redirectUrl must not have a fragment');
  if (url.username !== '' || url.password !== '') throw badInput('redirectUrl', 'redirectUrl must not carry credentials');
  if (url.protocol === 'https:') return trimmed;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return trimmed;
  const hint = url.protocol === 'http:' && isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0 ? ' (http only on 127.0.0.1, [::1] or localhost)' : '';
  throw badInput('redirectUrl', `redirectUrl must use https${hint || ', or http on a loopback address'}`);
}

export function checkMonthlyPrice(cents: number): number {
  if (!Number.isInteger(cents) || cents < 0) throw badInput('monthlyPriceCents', 'monthlyPriceCents must be a whole number of cents, 0 or more');
  if (cents > MAX_MONTHLY_PRICE_CENTS) throw badInput('monthlyPriceCents', `monthlyPriceCents must be at most ${MAX_MONTHLY_PRICE_CENTS}`);
  return cents;
}
