import { createPublicKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { signUp } from '../../support/accounts';
import { bearer, postJson, send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { decodeClaims, forgedTokens, stackSigningKey } from '../../support/tokens';

describeEachDatabase('accounts: tokens', (target) => {
  const payload = (headers: Record<string, string>) => send(`${target.shimUrl}/auth/payload`, { headers });

  it('verifies against /.well-known/jwks.json with a standard JWT library', async () => {
    const user = await signUp(target);
    const jwks = await send(`${target.shimUrl}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    const header = jwt.decode(user.token, { complete: true })!.header;
    expect(header).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    const jwk = jwks.body.keys.find((key: { kid: string }) => key.kid === header.kid);
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    const claims = jwt.verify(user.token, createPublicKey({ key: jwk, format: 'jwk' }), { algorithms: ['RS256'] }) as jwt.JwtPayload;
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'iss', 'jti', 'orgs', 'perms', 'sub', 'ttl']);
    expect(claims.sub).toMatch(/^usr-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(claims.ttl).toMatch(/^\d+$/);
    expect(claims.exp).toBe(claims.iat! + Number(claims.ttl));
    expect(claims.perms.organisation.create).toEqual({});
  });

  it('answers the payload of a valid token with every claim', async () => {
    const user = await signUp(target);
    const response = await payload(bearer(user.token));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ payload: decodeClaims(user.token) });
  });

  it('refreshes a valid token with a new jti', async () => {
    const user = await signUp(target);
    const refreshed = await postJson(`${target.shimUrl}/auth/refresh`, {}, bearer(user.token));
    expect(refreshed.status).toBe(200);
    expect(decodeClaims(refreshed.body.token).jti).not.toBe(decodeClaims(user.token).jti);
    expect(decodeClaims(refreshed.body.token).sub).toBe(user.userId);
  });

  describe('refused tokens', () => {
    let valid: string;
    let claims: Record<string, any>;
    let kid: string;

    beforeAll(async () => {
      valid = (await signUp(target)).token;
      claims = decodeClaims(valid);
      kid = jwt.decode(valid, { complete: true })!.header.kid!;
    });

    const expectRefused = async (headers: Record<string, string>, reason: RegExp) => {
      for (const path of ['/auth/payload', '/auth/refresh']) {
        const response = path === '/auth/payload' ? await payload(headers) : await postJson(`${target.shimUrl}${path}`, {}, headers);
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
        expect(response.body).toEqual({ error: expect.stringMatching(reason) });
      }
    };

    it('a missing token', () => expectRefused({}, /missing/i));
    it('a malformed Authorization header', () => expectRefused({ authorization: 'Basic abc' }, /malformed/i));
    it('a token that is not a JWT', () => expectRefused(bearer('not-a-jwt'), /malformed/i));
    it('a tampered payload', () => expectRefused(bearer(forgedTokens.tampered(valid, { sub: 'usr-someone-else' })), /signature/i));
    it('an expired token', () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 }, stackSigningKey(target), { algorithm: 'RS256', keyid: kid });
      return expectRefused(bearer(expired), /expired/i);
    });
    it('alg: none', () => expectRefused(bearer(forgedTokens.unsigned(claims)), /algorithm/i));
    it('HS256 signed with the public key', async () => {
      const jwks = await send(`${target.shimUrl}/.well-known/jwks.json`);
      const pem = createPublicKey({ key: jwks.body.keys[0], format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
      await expectRefused(bearer(forgedTokens.hs256WithPublicKey(claims, kid, pem)), /algorithm/i);
    });
    it('an unknown kid', () => expectRefused(bearer(forgedTokens.withStrangerKey(claims, 'unknown-kid')), /unknown signing key/i));
    it('a stranger key under our kid', () => expectRefused(bearer(forgedTokens.withStrangerKey(claims, kid)), /signature/i));
  });
});
