import express from 'express';

/** Bodies above this size are refused with 413 before any parsing. */
export const BODY_LIMIT = '1mb';

/** JSON and form-encoded bodies, both capped; parse failures flow to the router's renderer. */
export function legacyBodyParsers() {
  return [
    express.json({ limit: BODY_LIMIT, strict: false, type: ['application/json', 'application/*+json'] }),
    express.urlencoded({ limit: BODY_LIMIT, extended: false, parameterLimit: 1000 }),
  ];
}
