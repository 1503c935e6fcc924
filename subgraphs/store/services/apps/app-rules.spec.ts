import { AppError } from '../../../../lib/errors';
import { checkRedirectUrl } from './app-rules';
import { checkScopes } from './scopes';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).extensions;
  }
  throw new Error('accepted');
};

describe('redirect URLs', () => {
  it.each(['https://app.example/cb', 'https://app.example:8443/cb?x=1', 'http://127.0.0.1/cb', 'http://127.0.0.1:65000/cb', 'http://localhost:3000/cb', 'http://[::1]:8080/cb'])(
    'accepts %s',
    (url) => expect(checkRedirectUrl(url)).toBe(url),
  );

  it.each(['http://app.example/cb', 'http://192.168.1.2/cb', 'http://127.0.0.2/cb', 'http://localhost.example/cb', 'ftp://app.example/cb', 'app.example/cb', 'https://app.example/cb#x', 'https://user:pw@app.example/cb', ''])(
    'refuses %p on redirectUrl',
    (url) => expect(refusal(() => checkRedirectUrl(url))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'redirectUrl' }),
  );
});

describe('scopes', () => {
  it('adds the read scope of each write scope, in the canonical order, once', () => {
    expect(checkScopes(['write_scripts', 'write_content', 'write_products', 'read_products'])).toEqual([
      'read_products', 'write_products', 'read_content', 'write_content', 'write_scripts',
    ]);
    expect(checkScopes(['read_content'])).toEqual(['read_content']);
    expect(checkScopes(['write_coupons', 'write_orders', 'read_customers'])).toEqual(['read_customers', 'read_orders', 'write_orders', 'read_coupons', 'write_coupons']);
  });

  it('refuses an empty list and unknown scopes', () => {
    expect(refusal(() => checkScopes([]))).toMatchObject({ field: 'scopes' });
    expect(refusal(() => checkScopes(['read_shipping']))).toMatchObject({ field: 'scopes' });
    expect(refusal(() => checkScopes(['READ_PRODUCTS']))).toMatchObject({ field: 'scopes' });
  });
});
