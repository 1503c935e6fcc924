import { createServer, request, type Server } from 'node:http';
import { AllowedHosts } from './allowed-hosts';
import { closeServer } from '../server/http-server';
import { listen } from '../server/listen';

describe('AllowedHosts', () => {
  const defaults = new AllowedHosts(['127.0.0.1', 'localhost']);

  it('allows the default hosts whatever the port or case', () => {
    for (const host of ['127.0.0.1', '127.0.0.1:8004', 'localhost', 'LOCALHOST:3002', 'localhost.']) expect(defaults.allows(host)).toBe(true);
  });

  it('refuses other hosts, look-alikes, a missing Host and hosts that are no host', () => {
    for (const host of [undefined, '', 'evil.example', '127.0.0.1.evil.example', 'localhost.evil.example', '[::1]:8004', 'evil@127.0.0.1', '127.0.0.2']) {
      expect(defaults.allows(host)).toBe(false);
    }
  });

  it('allows any host with *', () => {
    expect(new AllowedHosts(['*']).allows('evil.example')).toBe(true);
    expect(new AllowedHosts(['localhost', '*']).allows(undefined)).toBe(true);
  });

  it('matches IPv6 literals in any written form', () => {
    const v6 = new AllowedHosts(['::1', '2001:db8::1']);
    for (const host of ['[::1]', '[::1]:8004', '[0:0:0:0:0:0:0:1]:80', '[2001:DB8:0::1]:443']) expect(v6.allows(host)).toBe(true);
    expect(v6.allows('[::2]')).toBe(false);
    expect(v6.allows('127.0.0.1')).toBe(false);
  });

  it('allows a domain and its subdomains for a leading dot', () => {
    const domain = new AllowedHosts(['.example.com']);
    for (const host of ['example.com', 'api.example.com:443', 'a.b.example.com']) expect(domain.allows(host)).toBe(true);
    for (const host of ['badexample.com', 'example.com.evil', 'example.org']) expect(domain.allows(host)).toBe(false);
  });

  describe('as middleware', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      const guard = defaults.middleware();
      server = createServer((req, res) => guard(req, res, () => res.end('served')));
      port = await listen(server, 0, '127.0.0.1');
    });
    afterAll(() => closeServer(server));

    const get = (host: string) =>
      new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
        })
          .on('error', reject)
          .end();
      });

    it('serves an allowed host and answers 400 JSON naming the host otherwise', async () => {
      expect(await get(`localhost:${port}`)).toMatchObject({ status: 200, body: 'served' });
      const refused = await get('evil.example');
      expect(refused.status).toBe(400);
      expect(refused.type).toMatch(/^application\/json/);
      expect(JSON.parse(refused.body)).toEqual({
        error: 'Host not allowed',
        code: 'HOST_NOT_ALLOWED',
        message: 'The Host header names no host this server answers for (ALLOWED_HOSTS)',
        host: 'evil.example',
      });
    });
  });
});
