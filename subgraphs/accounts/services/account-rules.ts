import { badInput } from '../../../lib/errors';

const USERNAME = /^[A-Za-z0-9_]{5,20}$/;
// Pragmatic address check: one @, a dotted domain, no spaces; the length limit is RFC 5321's.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@.]{2,}$/;

/** The rules of decisions.md for new accounts. Each failure names its field. */
export function checkUsername(username: string, field = 'username'): void {
  if (username === '') throw badInput(field, 'username is required');
  if (!USERNAME.test(username)) {
    throw badInput(field, 'username must be 5 to 20 letters, digits or underscores');
  }
}

export function checkEmail(email: string, field = 'email'): void {
  if (email === '') throw badInput(field, 'email is required');
  if (email.length > 254 || !EMAIL.test(email)) throw badInput(field, 'email must be a valid address');
}

export function checkPassword(password: string, field = 'password'): void {
  if (password === '') throw badInput(field, 'password is required');
  if (password.length < 8 || password.length > 128) throw badInput(field, 'password must be 8 to 128 characters long');
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password)) {
    throw badInput(field, 'password must contain an uppercase letter, a lowercase letter and a digit');
  }
}

export function checkCodehostId(codehostId: number, field = 'codehostId'): void {
  if (!Number.isSafeInteger(codehostId) || codehostId <= 0) throw badInput(field, 'codehost_id must be a positive integer');
}

export function checkOrganisationName(name: string, field = 'name'): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badInput(field, 'name is required');
  if (trimmed.length > 100) throw badInput(field, 'name must be at most 100 characters');
  return trimmed;
}
