import { badInput } from '../errors';

// Pragmatic address check: one @, a dotted domain, no spaces; the length limit is RFC 5321's.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@.]{2,}$/;

/** The e-mail rule of decisions.md, shared by every domain that keeps addresses. */
export function checkEmail(email: string, field = 'email'): void {
  if (email === '') throw badInput(field, 'email is required');
  if (email.length > 254 || !EMAIL.test(email)) throw badInput(field, 'email must be a valid address');
}

/** The form an address is compared in: uniqueness of addresses is case-insensitive. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}
