import { createServer, type Server } from 'node:http';
import { Agent, request } from 'undici';
import { closeServer } from '../../../../lib/net/server/http-server';
import { listen } from '../../../../lib/net/server/listen';
import { isPublicAddress, publicOnlyLookup, resolvePublicHost } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.9.9.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1',
    '224.0.0.1', '255.255.255.255', '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'febf::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::127.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('is false for what is not an address', () => {
    for (const value of ['', 'localhost', '127.0.0.1:80', '[::1]', '1.2.3']) expect(isPublicAddress(value)).toBe(false);
  });
});

describe('resolvePublicHost', () => {
  it('refuses a name that resolves to loopback, and private literals', async () => {
    await expect(resolvePublicHost('localhost')).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
    await expect(resolvePublicHost('10.1.2.3')).rejects.toMatchObject({ code: 'ENOTPUBLIC', address: '10.1.2.3' });
  });

  it('takes a public literal as it is', async () => {
    await expect(resolvePublicHost('8.8.8.8')).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
  });
});

describe('publicOnlyLookup', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('reached'));
    port = await listen(server, 0, '127.0.0.1');
  });
  afterAll(() => closeServer(server));

  it('fails the connection when the name resolves to loopback', async () => {
    const guarded = new Agent({ connect: { lookup: publicOnlyLookup } });
    await expect(request(`http://localhost:${port}/`, { dispatcher: guarded })).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
    await guarded.close();
  });

  it('is the only thing in the way: the same request without it arrives', async () => {
    const plain = new Agent();
    const response = await request(`http://localhost:${port}/`, { dispatcher: plain });
    expect(await response.body.text()).toBe('reached');
    await plain.close();
  });
});
