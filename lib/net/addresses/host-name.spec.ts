import { canonicalHost } from './host-name';

describe('canonicalHost', () => {
  it.each([
    ['localhost', 'localhost', undefined],
    ['Example.COM:8004', 'example.com', '8004'],
    ['localhost.', 'localhost', undefined],
    ['127.0.0.1:5300', '127.0.0.1', '5300'],
    ['[::1]', '::1', undefined],
    ['[::1]:8004', '::1', '8004'],
    ['[0:0:0:0:0:0:0:1]:80', '::1', '80'],
    ['::1', '::1', undefined],
    ['[2001:DB8::0:1]', '2001:db8::1', undefined],
    ['[::ffff:127.0.0.1]:8004', '127.0.0.1', '8004'],
    ['example.com:', 'example.com', undefined],
  ])('reads %j as host %j, port %j', (value, host, port) => {
    expect(canonicalHost(value)).toEqual({ host, port });
  });

  it.each(['', ' ', 'evil.example@127.0.0.1', '127.0.0.1/path', 'a b', 'host?x', 'host#x', '[::1', '[zz::1]', '[fe80::1%25eth0]', 'host:port', 'host:123456', '1:2:3'])(
    'refuses %j',
    (value) => {
      expect(canonicalHost(value)).toBeUndefined();
    },
  );
});
