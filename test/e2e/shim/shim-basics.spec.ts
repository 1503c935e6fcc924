import type { LaunchedStack } from '../../../lib/stack-launch/launch-stack';
import { freePort } from '../../support/free-port';
import { fromDist } from '../../support/from-dist';
import { postJson, send } from '../../support/http';
import { stackEnv } from '../../support/stack-env';
import { stackTargets } from '../../support/targets';

const target = stackTargets()[0];

describe('rest shim basics', () => {
  it('answers unknown routes with a JSON 404', async () => {
    const response = await send(`${target.shimUrl}/no/such/route`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body).toEqual({ error: 'Not found', path: '/no/such/route' });
  });

  it('puts a request id on every response, keeping a sane one the caller sent', async () => {
    const minted = await send(`${target.shimUrl}/no/such/route`);
    expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await postJson(`${target.shimUrl}/auth/login`, {}, { 'x-request-id': 'trace-abc_123' });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc_123');
    const replaced = await send(`${target.shimUrl}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not advertise the framework', async () => {
    const response = await send(`${target.shimUrl}/healthz`);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  describe('when a part of the stack is down', () => {
    const { launchStack } = fromDist<typeof import('../../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
    const stacks: LaunchedStack[] = [];
    afterAll(() => Promise.all(stacks.map((stack) => stack.stop())));

    it('answers 503 in the API shape when the gateway is down', async () => {
      // A shim that sends its operations to the gateway process (the default embeds the gateway).
      const env = await stackEnv({ GATEWAY_URL: `http://127.0.0.1:${await freePort()}/graphql`, SHIM_GATEWAY: 'remote' });
      const stack = await launchStack({ env, stdio: 'ignore', only: ['rest-shim'], waitFor: 'alive' });
      stacks.push(stack);
      const response = await postJson(`${stack.shimUrl}/auth/login`, { username: 'someone', password: 'Secret123' });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'The API gateway is unavailable' });
    });

    it('keeps answering its routes with the gateway embedded while the gateway process is down', async () => {
      const env = await stackEnv({ GATEWAY_URL: `http://127.0.0.1:${await freePort()}/graphql` });
      const stack = await launchStack({ env, stdio: 'ignore', only: ['accounts', 'rest-shim'], waitFor: 'alive' });
      stacks.push(stack);
      const response = await postJson(`${stack.shimUrl}/auth/login`, { username: 'someone', password: 'Secret123' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Invalid username or password' });
    });

    it('answers 503 naming the subgraph when a subgraph is down', async () => {
      const env = await stackEnv({ ACCOUNTS_URL: `http://127.0.0.1:${await freePort()}/graphql` });
      const stack = await launchStack({ env, stdio: 'ignore', only: ['gateway', 'rest-shim'], waitFor: 'alive' });
      stacks.push(stack);
      const response = await postJson(`${stack.shimUrl}/auth/login`, { username: 'someone', password: 'Secret123' });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'The accounts service is unavailable' });
    });
  });
});
