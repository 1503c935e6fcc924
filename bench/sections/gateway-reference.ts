import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/support/free-port';
import { launchStack, type LaunchedStack } from '../../lib/stack-launch/launch-stack';
import type { BenchTarget } from '../bench-target';
import { ratio, type Rows } from '../comparison';
import type { GatewayContender } from '../gateway-rows';
import { SHAPES, shapeCall, type DocumentBy, type GraphShape, type ShapeFixtures } from '../gateway-shapes';
import { interleave, median, medianRatio, type Contender } from '../interleave';
import { cpuOf, measuredLoad, micros, type MeasuredLoad } from '../measured-load';
import { loadAverage, residentBytes } from '../process-stats';
import { megabytes } from '../process-memory';
import { startHiveGateway, type ReferenceGateway } from '../reference/hive-gateway';
import { HIVE_GATEWAY_VERSION, HIVE_ROUTER_RUNTIME_VERSION } from '../reference/hive-install';
import { ms, perSecond, printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

/**
 * Load each contender is given before a row's rounds. The first row of a shape and kind of calls
 * gets longer: its code paths (a new query plan, another subgraph's answers, the guard's writes)
 * are cold in every contender, and in stop 56 both our gateway and Hive's ran their first 6 s of
 * the deep and gate shapes 30-50 % below what they held afterwards; the rows after it run warm.
 */
const WARM_UP_SECONDS = 1.5;
const FIRST_WARM_UP_SECONDS = 6;
const documentId = (query: string) => `sha256:${createHash('sha256').update(query).digest('hex')}`;

/** A gateway answering over one target's subgraphs, and how the section's calls name their documents there. */
interface Gateway {
  label: string;
  /** Short name for the ratio columns. */
  key: 'ours' | GatewayContender;
  url: string;
  pid: number;
  target: BenchTarget;
  by?: DocumentBy;
}

/** Our gateway again, alone, beside the target's stack: with trusted documents (the shapes' manifest) or the response cache on. */
async function ourGatewayWith(target: BenchTarget, env: NodeJS.ProcessEnv): Promise<LaunchedStack> {
  return launchStack({ env: { ...target.stack.env, GATEWAY_PORT: String(await freePort()), GATEWAY_METRICS_PORT: String(await freePort()), ...env }, only: ['gateway'], stdio: 'ignore', distRoot: target.distRoot });
}

/**
 * Issues 16 and 30: our gateway beside Hive Gateway (its defaults) and Hive Gateway with The
 * Guild's Rust query planner, on the same supergraph and the same running subgraphs; and our
 * gateway again with identical queries in flight not shared (`GATEWAY_SHARE_OPERATIONS=off`),
 * with fetches of public data shared with the same caller's only (`GATEWAY_SHARE_PUBLIC_FETCHES=off`),
 * with answers not forwarded (`GATEWAY_FORWARD_ANSWERS=off`), with trusted
 * documents (calls by documentId) and with the response cache on. Five
 * shapes (two queries, a deep query across three subgraphs, a large answer, the gate mutation),
 * with identical calls (which in-flight sharing may merge: whole queries in ours, subgraph fetches
 * in every contender) and distinct ones (another
 * organisation or store and token each), at 16 and 64 in flight, runs interleaved. All
 * contenders share fetches in flight (Hive's deduplication on).
 */
export const gatewayReferenceSection: BenchSection = {
  name: 'gateway',
  summary: `our gateway beside Hive Gateway ${HIVE_GATEWAY_VERSION}, with and without its Rust query planner, on the same supergraph and subgraphs`,
  async run(context: SectionContext) {
    const [first] = context.targets;
    const choice = context.gateway;
    const shapes = SHAPES.filter((shape) => choice.shapes.includes(shape.name));
    const stops: Array<() => Promise<void>> = [];
    try {
      const gateways: Gateway[] = context.targets.map((target) => ({ label: `ours (${target.label})`, key: 'ours', url: target.stack.gatewayUrl, pid: target.pids().get('gateway')!, target }));
      const ours = async (key: GatewayContender, label: string, env: NodeJS.ProcessEnv, by?: DocumentBy) => {
        const launched = await ourGatewayWith(first, env);
        stops.push(() => launched.stop());
        gateways.push({ label, key, url: launched.gatewayUrl, pid: launched.pids().get('gateway')!, target: first, by });
      };
      // What running identical queries in flight once saves (gateway/requests/shared-operations): every call run.
      if (choice.contenders.includes('unshared')) await ours('unshared', 'ours, queries not shared', { GATEWAY_SHARE_OPERATIONS: 'off' });
      // What sharing public fetches among callers saves (subgraph-fetch/public-fetches): a fetch shared with the same caller's only.
      if (choice.contenders.includes('per-caller')) await ours('per-caller', 'ours, public fetches not shared', { GATEWAY_SHARE_PUBLIC_FETCHES: 'off' });
      // What passing one subgraph's answer on saves (lib/gateway-core/forwarding): every call shaped by the executor.
      if (choice.contenders.includes('unforwarded')) await ours('unforwarded', 'ours, answers not forwarded', { GATEWAY_FORWARD_ANSWERS: 'off' });
      if (choice.contenders.includes('trusted')) {
        const dir = mkdtempSync(join(tmpdir(), 'switchyard-bench-manifest-'));
        stops.push(async () => rmSync(dir, { recursive: true, force: true }));
        const manifest = join(dir, 'manifest.json');
        writeFileSync(manifest, JSON.stringify(Object.fromEntries(SHAPES.map(({ query }) => [documentId(query), query]))));
        await ours('trusted', 'ours, trusted documents', { GATEWAY_TRUSTED_DOCUMENTS: 'allow', GATEWAY_TRUSTED_DOCUMENTS_PATH: manifest }, { documentId });
      }
      if (choice.contenders.includes('cache')) await ours('cache', 'ours, response cache', { GATEWAY_RESPONSE_CACHE: 'on' });
      const hive = async (key: GatewayContender, label: string, rustPlanner: boolean) => {
        const started: ReferenceGateway = await startHiveGateway(first.stack.env, { shareFetches: true, rustPlanner });
        stops.push(() => started.stop());
        gateways.push({ label, key, url: started.url, pid: started.pid, target: first });
      };
      if (choice.contenders.includes('hive')) await hive('hive', 'Hive Gateway', false);
      if (choice.contenders.includes('hive-rust')) await hive('hive-rust', 'Hive + Rust planner', true);

      for (const target of context.targets) for (const shape of shapes) await shape.prepare(target);
      const fixtures = new Map<BenchTarget, ShapeFixtures>();
      for (const target of context.targets) fixtures.set(target, { operators: await target.operators(), stores: shapes.some((shape) => shape.name === 'large') ? await target.stores() : [] });

      const against = ['hive-rust', 'hive'].filter((key) => gateways.some((gateway) => gateway.key === key));
      const rows: Rows = [];
      for (const shape of shapes) {
        for (const calls of choice.calls) {
          for (const concurrency of choice.inFlight) {
            const contenders: Contender<MeasuredLoad>[] = [];
            const warmUp = concurrency === choice.inFlight[0] ? FIRST_WARM_UP_SECONDS : WARM_UP_SECONDS;
            for (const gateway of gateways) contenders.push(await gatewayLoad(gateway, shape, calls === 'distinct', fixtures.get(gateway.target)!, concurrency, context.seconds, warmUp));
            const results = await interleave(context.rounds, contenders);
            rows.push(shapeRow(`${shape.name}, ${calls}, ${concurrency} in flight`, gateways, results, against));
            console.log(`  ${rows[rows.length - 1].join(' | ')}`);
          }
        }
      }
      rows.push(['resident memory after the section', ...gateways.map((gateway) => megabytes(residentBytes(gateway.pid))), ...against.map(() => '')]);
      printTable(
        `Gateways (${context.rounds} interleaved rounds of ${context.seconds} s, medians; load average ${loadAverage()}); each cell: throughput, p99, CPU per call of the gateway + of the subgraphs it called; ` +
          `Hive Gateway ${HIVE_GATEWAY_VERSION}, its Rust planner @graphql-hive/router-runtime ${HIVE_ROUTER_RUNTIME_VERSION}, deduplication on\n` +
          shapes.map((shape) => `${shape.name}: ${shape.legend} (${shape.subgraphs.join(', ')})`).join('\n') +
          '\nidentical: one caller; distinct: another organisation (store for large) and token per call, or (brands) another user-agent passed on' +
          '\nours shares a subgraph fetch of public data alone (by the composed @cacheControl hints: the deep shape\'s brands and their products) with any caller\'s in flight; Hive, and ours with public fetches not shared, with the same caller\'s only',
        rows,
        ['shape, calls, in flight', ...gateways.map((gateway) => gateway.label), ...against.map((key) => `ours ÷ ${gateways.find((gateway) => gateway.key === key)!.label}`)],
      );
    } finally {
      for (const stop of stops.reverse()) await stop();
    }
  },
};

/** A closed-loop load of the shape at one gateway as a contender, run first for `warmUp` seconds to warm it up (JIT, caches, keep-alive pools). */
async function gatewayLoad(gateway: Gateway, shape: GraphShape, distinct: boolean, fixtures: ShapeFixtures, concurrency: number, seconds: number, warmUp: number): Promise<Contender<MeasuredLoad>> {
  const url = new URL(gateway.url);
  const call = shapeCall(shape, url.pathname, distinct, fixtures, gateway.by);
  const pids = new Map([...gateway.target.pidsOf(...shape.subgraphs), ['gateway', gateway.pid]]);
  await measuredLoad(url.origin, call, concurrency, { seconds: warmUp }, pids);
  return { label: gateway.label, measure: () => measuredLoad(url.origin, call, concurrency, { seconds }, pids) };
}

/** One row: each gateway's throughput, p99, CPU per call (the gateway's, then the subgraphs' it called: what bounds a row) and refused calls (medians of the rounds), then our throughput's ratio to Hive's. */
function shapeRow(name: string, gateways: readonly Gateway[], results: MeasuredLoad[][], against: readonly string[]): string[] {
  const throughputs = results.map((loads) => loads.map((load) => load.perSecond));
  const cells = results.map((loads) => {
    const refused = loads.reduce((sum, load) => sum + load.errors, 0);
    const cpu = (of: (load: MeasuredLoad) => number) => micros(median(loads.map(of)));
    const subgraphs = (load: MeasuredLoad) => cpuOf(load, [...load.cpuPerCall.keys()].filter((name) => name !== 'gateway'));
    const cell = `${perSecond(median(loads.map((load) => load.perSecond)))}, p99 ${ms(median(loads.map((load) => load.latency.p99)))}, ${cpu((load) => cpuOf(load, ['gateway']))} + ${cpu(subgraphs)}`;
    return refused ? `${cell}, ${refused} refused` : cell;
  });
  const ratios = against.map((key) => ratio(medianRatio(throughputs[0], throughputs[gateways.findIndex((gateway) => gateway.key === key)])));
  return [name, ...cells, ...ratios];
}
