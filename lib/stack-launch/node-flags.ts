import type { ProcessName } from '../config';

/**
 * Node's own options for each process of the stack, before its script: the launcher passes them
 * (`npm start`, the test stacks, the bench), and deploy/'s compose file and Kubernetes manifests
 * start the processes with the same (deploy/deploy.spec.ts holds them to this).
 */

/**
 * Every process that serves the graph (the subgraphs, the gateway, the shim) runs without V8's
 * memory reducer. Once such a process had been idle some 30 s, the reducer's garbage collections
 * shrank its heap, and the first seconds of load after the lull cost up to half again as much
 * CPU a call (the gateway's distinct organisation query: about 830 against 560 µs in its first
 * 5 s); a server's traffic comes in bursts, and its heap is soon as large again
 * (docs/decisions/servers-keep-their-heap-between-bursts.md). The web process, which serves
 * people's pages and sits idle most of the time, keeps it and gives memory back.
 */
const SERVER_FLAGS = ['--no-memory-reducer'] as const;

/**
 * The store answers pages of up to 200 products (about 250 KB of JSON, several times that in
 * rows, views and results while it is made), and the gateway parses, merges and writes such
 * answers for every call that fans out: with 16 calls in flight, V8's young generation of 16 MB
 * a half filled many times a second and copied the calls still in flight each time. At 32 MB the
 * store's CPU per call fell 20-25 % on large pages, the gateway's about 5 % on the deep query, for
 * more resident memory under load (docs/decisions/young-generation-of-large-answers.md).
 */
const LARGE_ANSWERS_FLAGS = ['--max-semi-space-size=32'] as const;

const FLAGS: Readonly<Record<ProcessName, readonly string[]>> = {
  accounts: SERVER_FLAGS,
  feed: SERVER_FLAGS,
  store: [...SERVER_FLAGS, ...LARGE_ANSWERS_FLAGS],
  installer: SERVER_FLAGS,
  guard: SERVER_FLAGS,
  gateway: [...SERVER_FLAGS, ...LARGE_ANSWERS_FLAGS],
  'rest-shim': SERVER_FLAGS,
  web: [],
};

/** Node's options for the process of that name (a subgraph's, `gateway`, `rest-shim`, `web`). */
export function nodeFlagsOf(name: ProcessName): readonly string[] {
  return FLAGS[name];
}
