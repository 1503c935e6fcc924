import type { SvcErrorCode } from '../errors/error-codes';

/** Shown when nothing better is known: an object without a code, or a code nobody wrote text for. */
export const GENERIC_USER_MESSAGE = 'Something went wrong. Please try again.';

/**
 * What an end user of a guarded application reads for each code. Plain words, no internals:
 * these texts reach people who neither know nor care that a guard exists. Only English ships.
 */
export const USER_MESSAGES_EN: Readonly<Record<SvcErrorCode, string>> = Object.freeze({
  'SV-C000': 'This service is not set up correctly. Please contact its administrator.',
  'SV-C001': 'This service is missing its access key. Please contact its administrator.',
  'SV-C002': 'This service is not set up correctly. Please contact its administrator.',
  'SV-C003': 'This service is not set up correctly. Please contact its administrator.',
  'SV-A001': 'This service could not sign in to its guard. Please contact its administrator.',
  'SV-A003': 'This service’s access key was rejected. Please contact its administrator.',
  'SV-N001': 'The service is temporarily unreachable. Please try again in a moment.',
  'SV-B002': 'The service is having trouble right now. Please try again in a moment.',
  'SV-B004': 'This assistant has used up its budget for now. Please try again later.',
  'SV-B005': 'This request used more than it was allowed to. Please try again with a smaller request.',
  'SV-R001': 'Too many requests right now. Please wait a moment and try again.',
  'SV-R002': 'The service is busy. Please wait a moment and try again.',
  'SV-P001': 'This application needs an update before it can continue. Please contact its administrator.',
  'SV-X001': 'This action is not allowed right now.',
  'SV-T001': 'This assistant is not allowed to use that tool.',
  'SV-CH001': 'This task has reached its limit and was stopped.',
  'SV-W001': 'This task was stopped by an operator.',
  'SV-W002': 'This task was stopped by an operator.',
  'SV-W003': 'This task is paused for now. Please try again later.',
  'SV-W004': 'This task is not active right now.',
  'SV-E001': 'Some usage records could not be sent. Please contact the administrator if this continues.',
  'SV-E002': 'This service is not set up securely. Please contact its administrator.',
});

/** Locales with their own catalog; every other locale reads English. */
export const CATALOGS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({ en: USER_MESSAGES_EN });
