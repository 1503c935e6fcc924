import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/support/free-port';
import { launchStack } from '../../lib/stack-launch/launch-stack';
import { compareLoads, comparisonHeader, cpuPerCall, warmedLoad, type Rows } from '../comparison';
import type { LoadCall } from '../http-load';
import type { Contender } from '../interleave';
import type { MeasuredLoad } from '../measured-load';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const accepted = (status: number, body: unknown) => status === 200 && !!(body as { data?: unknown }).data && !(body as { errors?: unknown }).errors;

/** The two comparison queries of the gateway section, as text and as the same document's id. */
const QUERIES = [
  { name: 'brands', query: 'query BenchBrands { brands { _id name subscriberCount } }', subgraphs: ['feed'] },
  { name: 'organisation', query: 'query BenchOrganisation($id: ID!) { organisation(id: $id) { id name workflows { id name } } }', subgraphs: ['accounts', 'guard'] },
];
const DEFERRED = 'query BenchDeferred($id: ID!) { organisation(id: $id) { id name ... @defer { workflows { id name } } } }';
const CONCURRENCY = 16;

/**
 * Issue 32: what a trusted document saves the gateway per call (its document found by id, its
 * limits measured once) against the same operation sent as text outside the manifest, on a
 * gateway of its own (`GATEWAY_TRUSTED_DOCUMENTS=allow`) beside this build's stack; and the
 * subgraph requests a `@defer` query makes against the same query whole.
 */
export const gatewayDocumentsSection: BenchSection = {
  name: 'gateway-documents',
  summary: 'gateway CPU per call with and without a trusted document; subgraph requests of a @defer query',
  async run(context: SectionContext) {
    const [first] = context.targets;
    const dir = mkdtempSync(join(tmpdir(), 'switchyard-bench-manifest-'));
    const manifest = join(dir, 'manifest.json');
    writeFileSync(manifest, JSON.stringify(Object.fromEntries(QUERIES.map(({ query }) => [`sha256:${sha256(query)}`, query]))));
    const metricsPort = await freePort();
    const gateway = await launchStack({
      env: { ...first.stack.env, GATEWAY_PORT: String(await freePort()), GATEWAY_METRICS_PORT: String(metricsPort), GATEWAY_TRUSTED_DOCUMENTS: 'allow', GATEWAY_TRUSTED_DOCUMENTS_PATH: manifest },
      only: ['gateway'],
      stdio: 'ignore',
      distRoot: first.distRoot,
    });
    try {
      const pids = new Map([...first.pidsOf('feed', 'accounts', 'guard'), ['gateway', gateway.pids().get('gateway')!]]);
      const operators = await first.operators();
      await first.brands();
      const url = new URL(gateway.gatewayUrl);
      const rows: Rows = [];
      for (const { name, query, subgraphs } of QUERIES) {
        // Outside the manifest: the same operation under another name, so its text is no trusted document's.
        const untrusted = query.replace(/query Bench(\w+)/, 'query Plain$1');
        const call = (body: (sequence: number) => object): LoadCall => ({
          request: (sequence) => {
            const operator = operators[sequence % operators.length];
            return { path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}` }, body: JSON.stringify({ ...body(sequence), variables: { id: operator.organisationId } }) };
          },
          accepts: accepted,
        });
        const contenders: Contender<MeasuredLoad>[] = [
          await warmedLoad('trusted (by documentId)', url.origin, call(() => ({ documentId: `sha256:${sha256(query)}` })), CONCURRENCY, context.seconds, pids),
          await warmedLoad('as text (not in the manifest)', url.origin, call(() => ({ query: untrusted })), CONCURRENCY, context.seconds, pids),
          // A text no cache has seen (a comment differs per call): parsed, validated, measured and planned on every call.
          await warmedLoad('as new text each call', url.origin, call((sequence) => ({ query: `${untrusted} # ${sequence}` })), CONCURRENCY, context.seconds, pids),
        ];
        rows.push(...(await compareLoads(context.rounds, contenders, [cpuPerCall('gateway CPU per call', ['gateway']), cpuPerCall(`${subgraphs.join(' + ')} CPU per call`, subgraphs)], `${name}, ${CONCURRENCY} in flight: `)));
      }
      const fetches = async () => {
        const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        return text.split('\n').filter((line) => line.startsWith('gateway_subgraph_fetches_total{')).reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
      };
      const [operator] = operators;
      const requestsOf = async (query: string, accept: string) => {
        const before = await fetches();
        const response = await fetch(gateway.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${operator.token}` }, body: JSON.stringify({ query, variables: { id: operator.organisationId } }) });
        await response.text();
        return (await fetches()) - before;
      };
      rows.push(['organisation with @defer { workflows }: subgraph requests', String(await requestsOf(DEFERRED, 'multipart/mixed;deferSpec=20220824,application/json')), String(await requestsOf(DEFERRED.replace(' @defer', ''), 'application/json')), '', '', '']);
      printTable(
        `Trusted documents (${context.rounds} interleaved rounds of ${context.seconds} s, medians; load average ${loadAverage()})\n` +
          'the same operations, by documentId from a manifest (GATEWAY_TRUSTED_DOCUMENTS=allow) and as text outside it; last row: requests to subgraphs of one call, deferred against whole',
        rows,
        comparisonHeader('query, in flight: measure', ['trusted / deferred', 'as text / whole', 'new text each call']),
      );
    } finally {
      await gateway.stop();
    }
  },
};
