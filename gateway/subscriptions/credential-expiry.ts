/**
 * When the bearer token a subscription was started with expires (its `exp`, in ms), read without
 * verifying it: the subgraph verified the token when it accepted the subscription, so a token
 * that got this far is genuine. Undefined for an API key, or a token without a readable `exp`.
 */
export function credentialExpiry(authorization: string | undefined): number | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
