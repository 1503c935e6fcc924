import { badInput } from '../errors';

/** The password rule of decisions.md: 8-128 characters with an uppercase letter, a lowercase letter and a digit. */
export function checkPassword(password: string, field = 'password'): void {
  if (password === '') throw badInput(field, `${field} is required`);
  if (password.length < 8 || password.length > 128) throw badInput(field, `${field} must be 8 to 128 characters long`);
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password)) {
    throw badInput(field, `${field} must contain an uppercase letter, a lowercase letter and a digit`);
  }
}
