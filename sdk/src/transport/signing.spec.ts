import { RequestSigner, signatureHeaders } from './signing';

describe('request signing', () => {
  it('signs "<timestamp>:<api key>:<sha256 of the body>" with HMAC-SHA256, in hex', () => {
    // reference value computed with sha256sum and openssl dgst -hmac
    expect(signatureHeaders('topsecret', 'sk_test', '{"a":1}', 1_700_000_000_500)).toEqual({
      'x-signature-timestamp': '1700000000',
      'x-signature': '12ac9afeb0fa73375e0002ada0f3080a7a3a8105e3d34f6b9834c6fa7cc4d719',
    });
  });

  it('never signs a body alike twice: the same body within one second is stamped a second later', () => {
    let now = 1_700_000_000_500;
    const signer = new RequestSigner(() => now);
    const stamps = [signer.headers('s', 'k', '{"a":1}'), signer.headers('s', 'k', '{"a":1}'), signer.headers('s', 'k', '{"b":2}'), signer.headers('s', 'k', '{"a":1}')];
    expect(stamps.map((headers) => headers['x-signature-timestamp'])).toEqual(['1700000000', '1700000001', '1700000000', '1700000002']);
    expect(new Set(stamps.map((headers) => headers['x-signature'])).size).toBe(4);
    now += 10_000;
    expect(signer.headers('s', 'k', '{"a":1}')['x-signature-timestamp']).toBe('1700000010');
  });
});
