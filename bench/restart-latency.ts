import { createClient } from 'graphql-ws';
import { request } from 'undici';
import WebSocket from 'ws';
import { createLogger } from '../lib/logging';
import { launchStack } from '../lib/stack-launch/launch-stack';
import { stackEnv } from '../test/support/stack-env';
import { newWorkflow } from '../test/support/tenants';
import { benchTenant } from './bench-fixtures';
import { ms, summarise } from './stats';

/** How many times the guard is killed. */
const ROUNDS = 3;
/**
 * Between kills: longer than the supervisor's "healthy" run (lib/stack-launch/part-process.ts), so each kill is
 * the crash of a healthy process, restarted after the first back-off, not one of a crash loop.
 */
const HEALTHY_RUN_MS = 31_000;
/** How long one round may wait for the guard and the resync before it is counted as missed. */
const PATIENCE_MS = 60_000;
const POLL_MS = 20;

async function ready(url: string): Promise<boolean> {
  try {
    const response = await request(url, { headersTimeout: 1000 });
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = performance.now() + PATIENCE_MS;
  while (performance.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}

/**
 * Supervision as `npm start` runs it, on a stack of its own: the guard subgraph, running healthily,
 * is killed with SIGKILL ROUNDS times; each time, how long until the gateway is ready again (it asks
 * every subgraph) and until a graphql-ws subscriber of `workflowControl`, connected throughout, is
 * sent the current state again.
 */
export async function restartRows(): Promise<Array<[string, string]>> {
  const env = await stackEnv({ NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  const stack = await launchStack({ env, stdio: 'inherit', supervisor: createLogger('stack', 'warn') });
  const gatewayReady = `${stack.gatewayUrl.replace(/\/graphql$/, '')}/readyz`;
  const tenant = await benchTenant(stack).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  const client = createClient({ url: stack.gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${tenant.token}` } });
  try {
    const resyncs: number[] = [];
    let heard = 0;
    client.subscribe(
      { query: 'subscription($org: ID!) { workflowControl(organisationId: $org, initialState: false) { __typename } }', variables: { org: tenant.organisationId } },
      {
        next: ({ data }) => {
          const kind = (data as { workflowControl: { __typename: string } }).workflowControl.__typename;
          if (kind === 'InitialState') resyncs.push(performance.now());
          else heard++;
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
    // The subscription is live at the guard once it hears a new workflow (made until one is heard).
    await until(async () => {
      await newWorkflow(stack, tenant);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return heard > 0;
    });

    const back: number[] = [];
    const resynced: number[] = [];
    let missed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const resyncsBefore = resyncs.length;
      const killedAt = performance.now();
      await stack.killPart('guard');
      // The gateway notices the guard gone before it can be ready again.
      await until(async () => !(await ready(gatewayReady)));
      const isBack = await until(() => ready(gatewayReady));
      const backAt = performance.now();
      const isResynced = await until(() => resyncs.length > resyncsBefore);
      if (!isBack || !isResynced) {
        missed++;
        continue;
      }
      back.push(backAt - killedAt);
      resynced.push(resyncs[resyncsBefore] - killedAt);
      if (round < ROUNDS - 1) await new Promise((resolve) => setTimeout(resolve, HEALTHY_RUN_MS));
    }
    const backSummary = summarise(back);
    const resyncSummary = summarise(resynced);
    return [
      [`kill -9 of the guard under supervision → gateway ready again: p50 / max (${ROUNDS} kills, ${missed} missed)`, `${ms(backSummary.p50)} / ${ms(backSummary.max)}`],
      ['kill -9 of the guard → its graphql-ws subscriber resynced: p50 / max', `${ms(resyncSummary.p50)} / ${ms(resyncSummary.max)}`],
    ];
  } finally {
    await client.dispose();
    await stack.stop();
  }
}
