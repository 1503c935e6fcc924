import { postJson, uniqueName } from '../../support/http';
import { requestWithHost, upgradeWithHost } from '../../support/host-request';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';
import { stackTargets } from '../../support/targets';
import { newTenant } from '../../support/tenants';

const target = stackTargets()[0];
const refusal = (host: string) => ({
  error: 'Host not allowed',
  code: 'HOST_NOT_ALLOWED',
  message: 'The Host header names no host this server answers for (ALLOWED_HOSTS)',
  host,
});

describe('shim: ALLOWED_HOSTS (default 127.0.0.1,localhost)', () => {
  const port = new URL(target.shimUrl).port;

  it('refuses Host: evil.example with 400 and a JSON body, and changes nothing', async () => {
    const username = uniqueName('evil');
    const body = JSON.stringify({ username, email: `${username}@example.com`, password: 'Secret123' });
    const refused = await requestWithHost(`${target.shimUrl}/user/createFromEmailPassword`, 'evil.example', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.body).toEqual(refusal('evil.example'));
    // the user was not created: signing up with the same name now succeeds
    expect((await postJson(`${target.shimUrl}/user/createFromEmailPassword`, JSON.parse(body))).status).toBe(200);
  });

  it.each(['evil.example:8004', '127.0.0.1.evil.example', '[::1]', 'evil.example@127.0.0.1'])('refuses Host: %s', async (host) => {
    const refused = await requestWithHost(`${target.shimUrl}/api/brand/list`, host);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'HOST_NOT_ALLOWED', host });
  });

  it.each(['127.0.0.1', `127.0.0.1:${port}`, `localhost:${port}`, 'LOCALHOST'])('serves Host: %s', async (host) => {
    expect((await requestWithHost(`${target.shimUrl}/api/brand/list`, host)).status).toBe(200);
  });

  it('refuses the /ws/control upgrade for another host, before looking at credentials', async () => {
    const url = `${target.shimUrl.replace(/^http/, 'ws')}/ws/control/org-x`;
    expect(await upgradeWithHost(url, 'evil.example', { 'x-guard-protocol': '3' })).toEqual({ status: 400, body: refusal('evil.example') });
  });

  it('still answers /healthz, which load balancers call by address', async () => {
    expect((await requestWithHost(`${target.shimUrl}/healthz`, '10.1.2.3:8004')).status).toBe(200);
  });
});

describe('shim: ALLOWED_HOSTS set', () => {
  const shims: OwnStack[] = [];
  // Shims of their own in front of the shared stack's gateway (sending their operations there, not
  // embedding a gateway of their own), sharing its data directory (internal token).
  const shimWith = async (allowedHosts: string) => {
    const shim = await launchOwnStack({ ALLOWED_HOSTS: allowedHosts, GATEWAY_URL: target.gatewayUrl, DATA_DIR: target.env.DATA_DIR, SHIM_GATEWAY: 'remote' }, { only: ['rest-shim'] });
    shims.push(shim);
    return shim;
  };
  afterAll(() => Promise.all(shims.map((shim) => shim.stop())));

  it('* allows any host, for REST and for /ws/control', async () => {
    const shim = await shimWith('*');
    expect((await requestWithHost(`${shim.shimUrl}/api/brand/list`, 'evil.example')).status).toBe(200);
    const tenant = await newTenant(target);
    const url = `${shim.shimUrl.replace(/^http/, 'ws')}/ws/control/${tenant.organisationId}`;
    expect(await upgradeWithHost(url, 'evil.example', { 'x-guard-protocol': '3', 'x-api-key': tenant.key })).toBe('open');
  });

  it('a list allows exactly its hosts, IPv6 literals in any form', async () => {
    const shim = await shimWith('api.example.com, ::1');
    for (const host of ['api.example.com', 'API.example.com:443', '[::1]:8004', '[0:0:0:0:0:0:0:1]']) {
      expect((await requestWithHost(`${shim.shimUrl}/api/brand/list`, host)).status).toBe(200);
    }
    for (const host of ['127.0.0.1', 'localhost', 'evil.example']) {
      expect((await requestWithHost(`${shim.shimUrl}/api/brand/list`, host)).status).toBe(400);
    }
  });
});
