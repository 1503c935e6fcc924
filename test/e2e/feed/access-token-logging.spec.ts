import { Writable } from 'node:stream';
import { createServer, type Server } from 'node:http';
import { loadInternalToken } from '../../../lib/auth';
import { createLogger } from '../../../lib/logging';
import { DEFAULT_ALLOWED_HOSTS } from '../../../lib/config';
import { AllowedHosts, listen, closeServer } from '../../../lib/net';
import { GatewayClient } from '../../../lib/graph-client';
import { ShimGateway } from '../../../rest-shim/kit/shim-gateway';
import { buildShimApp } from '../../../rest-shim/shim-server';
import { createBrand, feedAdminToken, registerReader } from '../../support/feed';
import { postForm, send } from '../../support/http';
import { stackTargets } from '../../support/targets';

/**
 * The shim's own app and logger, with the log written to memory instead of stdout, in front of
 * the running stack's gateway: what the shim would log, read back.
 */
describe('feed: access_token never reaches the shim log', () => {
  const target = stackTargets()[0];
  const lines: string[] = [];
  let client: GatewayClient;
  let server: Server;
  let shimUrl: string;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    client = new GatewayClient(target.gatewayUrl);
    const gateway = new ShimGateway(client, loadInternalToken({ dataDir: target.env.DATA_DIR }).value);
    server = createServer(buildShimApp(gateway, createLogger('rest-shim', 'info', sink), new AllowedHosts(DEFAULT_ALLOWED_HOSTS)));
    shimUrl = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await closeServer(server);
    await client.close();
  });

  it('logs every feed request with the token replaced, on success and on failure', async () => {
    const admin = await feedAdminToken(target);
    const brand = await createBrand(target, admin);
    const reader = await registerReader(target);
    const { token } = reader;
    const at = (path: string) => `${shimUrl}${path}?access_token=${encodeURIComponent(token)}`;

    expect((await send(at('/api/user/me'))).status).toBe(200);
    expect((await send(at(`/api/subscribe/${brand._id}`), { method: 'POST' })).status).toBe(200);
    expect((await send(at(`/api/unsubscribe/${brand._id}`), { method: 'POST' })).status).toBe(200);
    expect((await postForm(at('/api/user/reset'), { currentPassword: 'Wrong1234', newPassword: 'Secret456' })).status).toBe(401);
    expect((await postForm(at('/api/user/edit'), { name: 'N' }, {}, 'PUT')).status).toBe(400);
    expect((await send(`${at('/api/user/me')}&access_token=${token}`)).status).toBe(401);
    expect((await send(at('/api/user/logout'), { method: 'POST' })).status).toBe(200);
    expect((await send(at('/api/user/me'))).status).toBe(401);
    expect((await send(`${shimUrl}/api/user/me`, { headers: { 'x-access-token': admin } })).status).toBe(200);
    // The response log line is written as the response finishes; let the last one land.
    await new Promise((resolve) => setImmediate(resolve));

    const requestLines = lines.filter((line) => line.includes('"url":"/api/'));
    expect(requestLines.length).toBeGreaterThanOrEqual(9);
    expect(requestLines.filter((line) => line.includes('access_token=[Redacted]')).length).toBeGreaterThanOrEqual(8);
    const log = lines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain(admin);
  });
});
