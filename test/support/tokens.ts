import { createHmac, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import type { StackTarget } from './targets';

/** The private key a test stack signs with (generated in its DATA_DIR on first start). */
export function stackSigningKey(target: StackTarget): KeyObject {
  return createPrivateKey(readFileSync(join(target.env.DATA_DIR, 'jwt-private.pem'), 'utf8'));
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens an attacker might try; each must be refused. */
export const forgedTokens = {
  unsigned(claims: object): string {
    return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  },
  hs256WithPublicKey(claims: object, kid: string, publicKeyPem: string): string {
    const head = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64(claims)}`;
    return `${head}.${createHmac('sha256', publicKeyPem).update(head).digest('base64url')}`;
  },
  withStrangerKey(claims: object, kid: string): string {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: kid });
  },
  tampered(token: string, changes: object): string {
    const [head, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    return `${head}.${b64({ ...claims, ...changes })}.${signature}`;
  },
};

export function decodeClaims(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}
