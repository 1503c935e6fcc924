import { loginLoad, payloadLoad } from '../accounts-load';
import { comparisonHeader, type Rows } from '../comparison';
import { loadAverage } from '../process-stats';
import { ms, perSecond, printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const PAYLOAD_CONCURRENCY = 8;
const PAYLOAD_SECONDS = 5;
// scrypt is slow by design: two in flight are enough to keep both cores busy
const LOGIN_CONCURRENCY = 2;
const LOGIN_SECONDS = 4;

/** The accounts token paths through the shim: reading a token's payload, and logging in (scrypt). */
export const accountsSection: BenchSection = {
  name: 'accounts',
  summary: 'GET /auth/payload and POST /auth/login via the shim',
  async run(context: SectionContext) {
    const columns: string[][] = [];
    for (const target of context.targets) {
      const tenant = await target.tenant();
      const payload = await payloadLoad(target.stack.shimUrl, tenant.token, PAYLOAD_CONCURRENCY, PAYLOAD_SECONDS);
      const login = await loginLoad(target.stack.shimUrl, tenant.username, tenant.password, LOGIN_CONCURRENCY, LOGIN_SECONDS);
      columns.push([
        perSecond(payload.perSecond),
        `${ms(payload.latency.p50)} / ${ms(payload.latency.p99)} / ${payload.errors}`,
        `${login.perSecond.toFixed(1)} req/s`,
        `${ms(login.latency.p50)} / ${ms(login.latency.p99)} / ${login.errors}`,
      ]);
    }
    const names = [
      `GET /auth/payload: throughput (${PAYLOAD_CONCURRENCY} in flight, ${PAYLOAD_SECONDS} s)`,
      'GET /auth/payload: p50 / p99 / errors',
      `POST /auth/login (scrypt): throughput (${LOGIN_CONCURRENCY} in flight, ${LOGIN_SECONDS} s)`,
      'POST /auth/login: p50 / p99 / errors',
    ];
    const rows: Rows = names.map((name, index) => [name, ...columns.map((column) => column[index])]);
    printTable(`Accounts via the shim (load average ${loadAverage()})`, rows, comparisonHeader('route', context.targets.map((target) => target.label)).slice(0, 1 + context.targets.length));
  },
};
