import { signatureHeaders } from './signing';

describe('request signing', () => {
  it('signs "<timestamp>:<api key>:<sha256 of the body>" with HMAC-SHA256, in hex', () => {
    // reference value computed with sha256sum and openssl dgst -hmac
    expect(signatureHeaders('topsecret', 'sk_test', '{"a":1}', 1_700_000_000_500)).toEqual({
      'x-signature-timestamp': '1700000000',
      'x-signature': '12ac9afeb0fa73375e0002ada0f3080a7a3a8105e3d34f6b9834c6fa7cc4d719',
    });
  });
});
