import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TokenIssuer, TokenVerifier } from './tokens';

function signingKey(kid: string) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicKey: createPublicKey(privateKey) };
}

const SUBJECT = { userId: 'u1', orgs: ['o1'], perms: {} };

describe('TokenVerifier', () => {
  const key = signingKey('k1');
  const issuer = new TokenIssuer(key, 'switchyard', 60);

  afterEach(() => jest.useRealTimers());

  it('verifies a token once and answers later requests with the same claims', () => {
    const verifier = new TokenVerifier([key], 'switchyard');
    const token = issuer.issue(SUBJECT);
    const first = verifier.verify(token);
    expect(first.sub).toBe('u1');
    expect(verifier.verify(token)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('refuses a token whose signature was altered, even once the genuine one is remembered', () => {
    const verifier = new TokenVerifier([key], 'switchyard');
    const token = issuer.issue(SUBJECT);
    verifier.verify(token);
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(() => verifier.verify(altered)).toThrow('Invalid token signature');
    const otherKey = new TokenIssuer(signingKey('k1'), 'switchyard', 60).issue(SUBJECT);
    expect(() => verifier.verify(otherKey)).toThrow('Invalid token signature');
  });

  it('refuses a remembered token once it has expired', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const verifier = new TokenVerifier([key], 'switchyard');
    const token = issuer.issue(SUBJECT, Math.floor(Date.now() / 1000));
    verifier.verify(token);
    jest.setSystemTime(new Date('2026-01-01T00:01:01Z'));
    expect(() => verifier.verify(token)).toThrow('Token expired');
  });

  it('refuses a well-signed token without exp, or issued more than a minute ahead, and takes one issued within the skew', () => {
    const verifier = new TokenVerifier([key], 'switchyard');
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: object) => jwt.sign({ sub: 'u1', orgs: [], perms: {}, iss: 'switchyard', ...claims }, key.privateKey, { algorithm: 'RS256', keyid: 'k1' });
    expect(() => verifier.verify(sign({ iat: now }))).toThrow('Token without expiry');
    expect(() => verifier.verify(sign({}))).toThrow('Token without expiry');
    expect(() => verifier.verify(sign({ iat: now + 120, exp: now + 3600 }))).toThrow('Token issued in the future');
    expect(verifier.verify(sign({ iat: now + 30, exp: now + 3600 })).sub).toBe('u1');
    expect(verifier.verify(sign({ exp: now + 3600 })).sub).toBe('u1');
  });
});
