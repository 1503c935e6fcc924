import { checkSignature, signRequest } from './request-signature';

describe('request signatures', () => {
  const now = 1_800_000_000;
  const request = (overrides: Partial<{ timestamp: string; signature: string; bodyDigest: string }> = {}) => {
    const timestamp = overrides.timestamp ?? String(now);
    const bodyDigest = overrides.bodyDigest ?? 'ab'.repeat(32);
    return { apiKey: 'gk_key', timestamp, bodyDigest, signature: overrides.signature ?? signRequest('secret', timestamp, 'gk_key', 'ab'.repeat(32)) };
  };

  it('accepts the HMAC of "<timestamp>:<key>:<body digest>" within 300 seconds', () => {
    expect(checkSignature('secret', request(), now)).toBe('valid');
    const edge = String(now - 300);
    expect(checkSignature('secret', { ...request({ timestamp: edge }), signature: signRequest('secret', edge, 'gk_key', 'ab'.repeat(32)) }, now)).toBe('valid');
  });

  it('refuses stale timestamps, other bodies, other secrets and junk', () => {
    const stale = String(now - 301);
    expect(checkSignature('secret', { ...request({ timestamp: stale }), signature: signRequest('secret', stale, 'gk_key', 'ab'.repeat(32)) }, now)).toBe('stale');
    expect(checkSignature('secret', request({ bodyDigest: 'cd'.repeat(32) }), now)).toBe('mismatch');
    expect(checkSignature('other', request(), now)).toBe('mismatch');
    expect(checkSignature('secret', request({ signature: 'zz' }), now)).toBe('mismatch');
    expect(checkSignature('secret', request({ timestamp: 'soon' }), now)).toBe('mismatch');
  });
});
