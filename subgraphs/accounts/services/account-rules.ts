import { badInput } from '../../../lib/errors';

const USERNAME = /^[A-Za-z0-9_]{5,20}$/;

/** The rules of decisions.md for new accounts. Each failure names its field. */
export function checkUsername(username: string, field = 'username'): void {
  if (username === '') throw badInput(field, 'username is required');
  if (!USERNAME.test(username)) {
    throw badInput(field, 'username must be 5 to 20 letters, digits or underscores');
  }
}

export function checkCodehostId(codehostId: number, field = 'codehostId'): void {
  if (!Number.isSafeInteger(codehostId) || codehostId <= 0) throw badInput(field, 'codehost_id must be a positive integer');
}
