import { request } from 'undici';
import type { StackUrls } from '../test/support/stack-urls';
import type { Tenant } from '../test/support/tenants';
import { newWorkflow } from '../test/support/tenants';
import { ms, summarise, type LatencySummary } from './stats';

/** Each hostile request is sent this many times, one after another. */
const ROUNDS = 10;
/** How often the bystanders (`/healthz`, a REST route) are asked while the hostile requests arrive. */
const BYSTANDER_EVERY_MS = 20;

interface HostileRequest {
  name: string;
  body: string;
  headers?: Record<string, string>;
}

/**
 * The requests that once stopped the platform (issue "Hardening"): each must be refused before
 * validation or planning, quickly, while everything else keeps answering.
 */
function hostileRequests(tenant: Tenant): HostileRequest[] {
  const levels = 6; // organisation, six workflows › organisation pairs, then id: depth 14
  const cycle = `query($id: ID!) { organisation(id: $id) { ${'workflows { organisation { '.repeat(levels)}id${' } }'.repeat(levels)} } }`;
  const chain = Array.from({ length: 2_000 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`).join('\n');
  return [
    { name: '1 MB of `{ __typename … }` (95,000 fields)', body: JSON.stringify({ query: `{ ${'__typename '.repeat(95_000)}}` }) },
    { name: '16,000 aliases', body: JSON.stringify({ query: `{ ${Array.from({ length: 16_000 }, (_, i) => `a${i}: __typename`).join(' ')} }` }) },
    { name: 'a 2,000-fragment chain', body: JSON.stringify({ query: `{ ...F0 }\n${chain}\nfragment F2000 on Query { __typename }` }) },
    { name: 'one field 9,990 times', body: JSON.stringify({ query: `{ guardCapabilities { ${'protocolVersion '.repeat(9_990)}} }` }) },
    {
      name: 'the depth-14 organisation › workflows cycle (signed in)',
      body: JSON.stringify({ query: cycle, variables: { id: tenant.organisationId } }),
      headers: { authorization: `Bearer ${tenant.token}` },
    },
  ];
}

async function timed(url: string, init: Parameters<typeof request>[1]): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await request(url, init);
  await response.body.dump();
  return { status: response.statusCode, ms: performance.now() - started };
}

/**
 * Sends each hostile request ROUNDS times to the gateway while bystanders (`/healthz` of the
 * gateway and `GET /api/brand/list` through the shim) keep calling: rows of how fast each is
 * refused, and how slow the bystanders got meanwhile. A hostile request that is not refused with
 * 400 is counted, not hidden.
 */
export async function hostileRows(stack: StackUrls, tenant: Tenant): Promise<Array<[string, string]>> {
  // The cycle needs workflows to fan out over: two, as in the report that found it.
  await newWorkflow(stack, tenant);
  await newWorkflow(stack, tenant);
  const healthz = stack.gatewayUrl.replace(/\/graphql$/, '/healthz');
  const bystanders: number[] = [];
  let bystanderErrors = 0;
  let hostileDone = false;
  const watch = (async () => {
    while (!hostileDone) {
      for (const url of [healthz, `${stack.shimUrl}/api/brand/list`]) {
        const answer = await timed(url, { method: 'GET' });
        if (answer.status !== 200) bystanderErrors++;
        bystanders.push(answer.ms);
      }
      await new Promise((resolve) => setTimeout(resolve, BYSTANDER_EVERY_MS));
    }
  })();

  const rows: Array<[string, string]> = [];
  try {
    for (const hostile of hostileRequests(tenant)) {
      const samples: number[] = [];
      let notRefused = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const answer = await timed(stack.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...hostile.headers }, body: hostile.body });
        if (answer.status !== 400) notRefused++;
        samples.push(answer.ms);
      }
      rows.push(refusalRow(hostile.name, summarise(samples), notRefused));
    }
  } finally {
    hostileDone = true;
    await watch;
  }
  const during = summarise(bystanders);
  rows.push([`meanwhile /healthz and GET /api/brand/list: p50 / max / errors (${during.count} calls)`, `${ms(during.p50)} / ${ms(during.max)} / ${bystanderErrors}`]);
  return rows;
}

function refusalRow(name: string, latency: LatencySummary, notRefused: number): [string, string] {
  return [`hostile: ${name}, refused in p50 / max${notRefused ? ` (${notRefused} NOT refused)` : ''}`, `${ms(latency.p50)} / ${ms(latency.max)}`];
}
