import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fromDist } from '../../support/from-dist';
import { requestWithHost } from '../../support/host-request';
import { send } from '../../support/http';
import { stackEnv } from '../../support/stack-env';
import { stackTargets } from '../../support/targets';

const [target] = stackTargets();
const preflight = (origin: string) =>
  fetch(target.gatewayUrl, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });

describe('web process', () => {
  it('serves the console with the gateway’s public address and a strict content policy', async () => {
    const response = await send(`${target.webUrl}/console`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = /<script type="application\/json" id="console-config">(.*?)<\/script>/.exec(response.body)?.[1];
    expect(JSON.parse(config!)).toEqual({ gatewayUrl: target.gatewayUrl });
    const gateway = new URL(target.gatewayUrl);
    expect(response.headers.get('content-security-policy')).toContain(`connect-src 'self' ${gateway.origin} ws://${gateway.host}`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");

    const asset = /src="(\/console\/assets\/[^"]+\.js)"/.exec(response.body)![1];
    const script = await fetch(`${target.webUrl}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toContain('immutable');
    await script.arrayBuffer();
  });

  it('redirects / to the console, answers health checks, and 404s what it does not have', async () => {
    const root = await fetch(`${target.webUrl}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/console');
    expect((await send(`${target.webUrl}/healthz`)).body).toEqual({ status: 'ok', service: 'web' });
    expect((await send(`${target.webUrl}/readyz`)).body).toEqual({ status: 'ready', service: 'web', checks: {} });
    expect((await send(`${target.webUrl}/console/assets/missing.js`)).status).toBe(404);
    expect(await send(`${target.webUrl}/index.html`)).toMatchObject({ status: 404, body: { error: 'Not found', path: '/index.html' } });
    // Only the allowed hosts (ALLOWED_HOSTS, 127.0.0.1 and localhost by default) get the page.
    const foreign = await requestWithHost(`${target.webUrl}/console`, 'rebound.example');
    expect(foreign).toMatchObject({ status: 400, body: { code: 'HOST_NOT_ALLOWED', host: 'rebound.example' } });
  });

  it('is let through the gateway’s CORS from its own origin only; CSRF prevention stays on', async () => {
    const allowed = await preflight(target.webUrl);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(target.webUrl);
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    const localhost = await preflight(target.webUrl.replace('127.0.0.1', 'localhost'));
    expect(localhost.headers.get('access-control-allow-origin')).toBe(target.webUrl.replace('127.0.0.1', 'localhost'));
    const stranger = await preflight('http://evil.example');
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();

    // A "simple" cross-site request (no preflight) is refused by Apollo's CSRF prevention.
    const simple = await send(target.gatewayUrl, { method: 'POST', headers: { 'content-type': 'text/plain', origin: 'http://evil.example' }, body: '{"query":"{ guardCapabilities { protocolVersion } }"}' });
    expect(simple.status).toBe(400);
    const json = await send(target.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', origin: target.webUrl }, body: '{"query":"{ guardCapabilities { protocolVersion } }"}' });
    expect(json.status).toBe(200);
    expect(json.headers.get('access-control-allow-origin')).toBe(target.webUrl);
  });

  it('runs alone, and names a bad variable when its configuration is unusable', async () => {
    const { launchStack } = fromDist<typeof import('../../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
    const env = await stackEnv({ GATEWAY_PUBLIC_URL: 'https://api.example.com/graphql' });
    const web = await launchStack({ env, stdio: 'ignore', only: ['web'] });
    try {
      const page = await send(`${web.webUrl}/console`);
      expect(page.body).toContain('{"gatewayUrl":"https://api.example.com/graphql"}');
    } finally {
      await web.stop();
    }
    const bad = spawnSync(process.execPath, [join(__dirname, '..', '..', '..', 'dist', 'web', 'main.js')], { env: { ...env, GATEWAY_PUBLIC_URL: 'not a url' }, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Invalid configuration: GATEWAY_PUBLIC_URL must be an absolute URL');
  });
});
