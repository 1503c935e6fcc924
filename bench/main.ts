/**
 * `npm run bench`: the guard's hot paths, the SDK's kill interruption, the accounts token paths
 * and the store API's lists and writes through a whole local stack. Prints a table; no pass/fail
 * on time (the numbers depend on the machine). A few minutes, most of it seeding the store's
 * million products (`BENCH_STORE_PRODUCTS` to change). PostgreSQL with `BENCH_DATABASE_URL`,
 * Redis pubsub with `REDIS_URL`. `npm run bench -- --soak 30m` runs the soak instead (bench/soak.ts).
 */
import { cpus } from 'node:os';
import { loginLoad, payloadLoad } from './accounts-load';
import { benchTenant } from './bench-fixtures';
import { launchBenchStack } from './bench-stack';
import { killLatency } from './control-latency';
import { gateLoad } from './gate-load';
import { hostileRows } from './hostile-requests';
import { restartRows } from './restart-latency';
import { ingestLoad } from './ingest-load';
import { startOtlpSink } from './otlp-sink';
import { sdkKillLatency } from './sdk-kill-latency';
import { ms, printTable } from './stats';
import { benchInstallation, createLoad, gatewayListLoad, listLoad, templateProduct } from './store-load';
import { seedProducts } from './store-seed';
import { parseDuration, runSoak } from './soak';

const GATE_SECONDS = Number(process.env.BENCH_GATE_SECONDS ?? 15);
const GATE_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const KILL_ROUNDS = 30;
const SDK_KILL_ROUNDS = 20;
const PAYLOAD_CONCURRENCY = 8;
const PAYLOAD_SECONDS = 5;
// scrypt is slow by design: two in flight are enough to keep both cores busy
const LOGIN_CONCURRENCY = 2;
const LOGIN_SECONDS = 4;
const INGEST_BATCHES = 60;
const INGEST_BATCH_SIZE = 500;
const INGEST_CONCURRENCY = 4;
/** Products of the store the list rows page through (seeded in bulk with SQL). */
const STORE_PRODUCTS = Number(process.env.BENCH_STORE_PRODUCTS ?? 1_000_000);
const STORE_CALLS = 200;

async function main(): Promise<void> {
  const stack = await launchBenchStack();
  try {
    const tenant = await benchTenant(stack);
    await gateLoad(stack.shimUrl, tenant.key, 8, 2); // warm-up: JIT, caches, keep-alive pools
    const single = await gateLoad(stack.shimUrl, tenant.key, 1, 5);
    const gate = await gateLoad(stack.shimUrl, tenant.key, GATE_CONCURRENCY, GATE_SECONDS);
    const kills = await killLatency(stack.shimUrl, stack.gatewayUrl, tenant, KILL_ROUNDS);
    const sdkKills = await sdkKillLatency(stack.shimUrl, stack.gatewayUrl, tenant, SDK_KILL_ROUNDS);
    const payload = await payloadLoad(stack.shimUrl, tenant.token, PAYLOAD_CONCURRENCY, PAYLOAD_SECONDS);
    const login = await loginLoad(stack.shimUrl, tenant.username, tenant.password, LOGIN_CONCURRENCY, LOGIN_SECONDS);
    const ingest = await ingestLoad(stack.shimUrl, tenant.key, tenant.workflowId, INGEST_BATCHES, INGEST_BATCH_SIZE, INGEST_CONCURRENCY);
    const hostile = await hostileRows(stack, tenant);
    const store = await storeRows(stack.shimUrl, stack.gatewayUrl, stack.env);
    const traced = await tracedLoads();
    const restarts = await restartRows();
    printTable(`Switchyard bench — ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${stack.database}, LOG_LEVEL=warn`, [
      ['gate via shim, one call at a time: p50 / p99', `${ms(single.latency.p50)} / ${ms(single.latency.p99)}`],
      [`gate via shim: throughput (${GATE_CONCURRENCY} in flight, ${GATE_SECONDS} s)`, `${gate.perSecond.toFixed(0)} req/s`],
      ['gate via shim: p50 latency', ms(gate.latency.p50)],
      ['gate via shim: p99 latency', ms(gate.latency.p99)],
      ['gate via shim: calls / non-allow answers', `${gate.latency.count + single.latency.count} / ${gate.errors + single.errors}`],
      [`kill → /ws/control client: p50 / p99 / max (${kills.controlSocket.count} kills)`, `${ms(kills.controlSocket.p50)} / ${ms(kills.controlSocket.p99)} / ${ms(kills.controlSocket.max)}`],
      [`kill → graphql-ws subscriber: p50 / p99 / max (${kills.graphqlWs.count} kills)`, `${ms(kills.graphqlWs.p50)} / ${ms(kills.graphqlWs.p99)} / ${ms(kills.graphqlWs.max)}`],
      [`SDK kill → WorkflowKilledInterrupt: p50 / p99 / max (${sdkKills.latency.count} kills, ${sdkKills.missed} missed)`, `${ms(sdkKills.latency.p50)} / ${ms(sdkKills.latency.p99)} / ${ms(sdkKills.latency.max)}`],
      [`GET /auth/payload via shim: throughput (${PAYLOAD_CONCURRENCY} in flight, ${PAYLOAD_SECONDS} s)`, `${payload.perSecond.toFixed(0)} req/s`],
      ['GET /auth/payload via shim: p50 / p99 / errors', `${ms(payload.latency.p50)} / ${ms(payload.latency.p99)} / ${payload.errors}`],
      [`POST /auth/login via shim (scrypt): throughput (${LOGIN_CONCURRENCY} in flight, ${LOGIN_SECONDS} s)`, `${login.perSecond.toFixed(1)} req/s`],
      ['POST /auth/login via shim: p50 / p99 / errors', `${ms(login.latency.p50)} / ${ms(login.latency.p99)} / ${login.errors}`],
      [`events ingested (${INGEST_BATCHES} batches of ${INGEST_BATCH_SIZE}, ${INGEST_CONCURRENCY} in flight)`, `${ingest.eventsPerSecond.toFixed(0)} events/s`],
      ['event batches refused', String(ingest.errors)],
      ...hostile,
      ...store,
      ...traced.rows(single, gate, payload),
      ...restarts,
    ]);
  } finally {
    await stack.stop();
  }
}

/**
 * The store API: a store of STORE_PRODUCTS products, page 1 and a page near the end through the
 * shim (the goal: the deep page within 2× page 1), the same query straight to the gateway (the
 * shim's share), and creating products (in a second store: one store holds 100,000 at most).
 * One call at a time, so the numbers are latencies, not contention.
 */
async function storeRows(shimUrl: string, gatewayUrl: string, env: NodeJS.ProcessEnv): Promise<Array<[string, string]>> {
  const big = await benchInstallation(shimUrl, gatewayUrl);
  const template = await templateProduct(shimUrl, big);
  const seeding = performance.now();
  await seedProducts(env, big.storeId, template, STORE_PRODUCTS);
  const seeded = (performance.now() - seeding) / 1000;
  const deepPage = Math.ceil(STORE_PRODUCTS / 30) - 1;
  await listLoad(shimUrl, big, 1, 20); // warm-up
  await listLoad(shimUrl, big, deepPage, 20);
  const first = await listLoad(shimUrl, big, 1, STORE_CALLS);
  const deep = await listLoad(shimUrl, big, deepPage, STORE_CALLS);
  const gatewayFirst = await gatewayListLoad(gatewayUrl, big, 1, STORE_CALLS);
  const gatewayDeep = await gatewayListLoad(gatewayUrl, big, deepPage, STORE_CALLS);
  const small = await benchInstallation(shimUrl, gatewayUrl);
  const create = await createLoad(shimUrl, small, STORE_CALLS);
  const row = (name: string, result: Awaited<ReturnType<typeof listLoad>>): [string, string] => [
    `${name}: p50 / p99 / errors`,
    `${ms(result.latency.p50)} / ${ms(result.latency.p99)} / ${result.errors}`,
  ];
  const count = STORE_PRODUCTS.toLocaleString('en');
  return [
    [`store: ${count} products seeded with SQL`, `${seeded.toFixed(1)} s`],
    row(`GET /v1/{id}/products page 1 of ${count} via shim`, first),
    row(`GET /v1/{id}/products page ${deepPage} via shim`, deep),
    ['deep page / page 1 (p50; goal ≤ 2)', (deep.latency.p50 / first.latency.p50).toFixed(2)],
    row('same list query to the gateway, page 1', gatewayFirst),
    row(`same list query to the gateway, page ${deepPage}`, gatewayDeep),
    row('POST /v1/{id}/products via shim', create),
  ];
}

/**
 * The gate and one REST route again, on a second stack exporting every span to a local OTLP sink:
 * beside the rows above (tracing off, the SDK not loaded), what tracing costs.
 */
async function tracedLoads() {
  const sink = await startOtlpSink();
  const stack = await launchBenchStack({ OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint });
  try {
    const tenant = await benchTenant(stack);
    await gateLoad(stack.shimUrl, tenant.key, 8, 2);
    const single = await gateLoad(stack.shimUrl, tenant.key, 1, 5);
    const gate = await gateLoad(stack.shimUrl, tenant.key, GATE_CONCURRENCY, GATE_SECONDS);
    const payload = await payloadLoad(stack.shimUrl, tenant.token, PAYLOAD_CONCURRENCY, PAYLOAD_SECONDS);
    const exports = sink.exports();
    type Load = typeof single;
    const change = (off: number, on: number) => `${on >= off ? '+' : ''}${(((on - off) / off) * 100).toFixed(0)} %`;
    return {
      rows: (offSingle: Load, offGate: Load, offPayload: Load): Array<[string, string]> => [
        ['tracing on (OTLP to a local sink): gate, one at a time: p50 / p99', `${ms(single.latency.p50)} / ${ms(single.latency.p99)} (p50 ${change(offSingle.latency.p50, single.latency.p50)})`],
        [`tracing on: gate throughput (${GATE_CONCURRENCY} in flight)`, `${gate.perSecond.toFixed(0)} req/s (${change(offGate.perSecond, gate.perSecond)})`],
        ['tracing on: gate p50 / p99', `${ms(gate.latency.p50)} / ${ms(gate.latency.p99)}`],
        [`tracing on: GET /auth/payload throughput (${PAYLOAD_CONCURRENCY} in flight)`, `${payload.perSecond.toFixed(0)} req/s (${change(offPayload.perSecond, payload.perSecond)})`],
        ['tracing on: GET /auth/payload p50 / p99 / errors', `${ms(payload.latency.p50)} / ${ms(payload.latency.p99)} / ${payload.errors}`],
        ['tracing on: OTLP exports received', String(exports)],
      ],
    };
  } finally {
    await stack.stop();
    await sink.close();
  }
}

const soakAt = process.argv.indexOf('--soak');
const run = soakAt === -1 ? main() : runSoak(parseDuration(process.argv[soakAt + 1] ?? ''));
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
