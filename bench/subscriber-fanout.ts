import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Tenant } from '../test/support/tenants';
import { benchWorkflow, killWorkflow } from './bench-fixtures';
import type { BenchStack } from './bench-stack';
import type { FanoutCommand, FanoutGroup, FanoutReply } from './fanout-worker';
import { residentBytes } from './process-stats';
import { summarise, type LatencySummary } from './stats';

/** Subscribers one worker process holds at most (its sockets, its event loop's share of the deliveries). */
const SUBSCRIBERS_PER_WORKER = 2_500;
const DELIVERY_WAIT_MS = 60_000;

export interface FanoutShape {
  /** Organisations of `smallSize` subscribers each. */
  smallOrganisations: number;
  smallSize: number;
  /** Subscribers of the one large organisation, whose workflow is killed. */
  largeSize: number;
}

export interface FanoutResult {
  /** Subscribers asked for. */
  subscribers: number;
  /** Of those, the ones that had their initial state; the others were refused (the first `refusal` says why). */
  held: number;
  refusal?: string;
  /** Held subscriptions that ended or failed before the kill's delivery was counted. */
  lost: number;
  /** Seconds to open every subscription (each had its initial state, or was refused). */
  openSeconds: number;
  /** From just before the kill mutation is sent to each of the large organisation's subscribers. */
  delivery: LatencySummary;
  delivered: number;
  /** Growth of each process's resident memory while the subscribers are held, per subscriber held. */
  residentPerSubscriber: Map<string, number>;
}

class Worker {
  private readonly child: ChildProcess;
  private readonly replies: FanoutReply[] = [];
  private waiting?: () => void;

  constructor() {
    this.child = fork(join(__dirname, 'fanout-worker.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message: FanoutReply) => {
      this.replies.push(message);
      this.waiting?.();
    });
  }

  async ask<T extends FanoutReply['type']>(command: FanoutCommand, expected: T): Promise<Extract<FanoutReply, { type: T }>> {
    this.child.send(command);
    for (;;) {
      const reply = this.replies.shift();
      if (reply?.type === 'failed') throw new Error(`a fan-out worker failed: ${reply.message}`);
      if (reply?.type === expected) return reply as Extract<FanoutReply, { type: T }>;
      if (this.child.exitCode !== null) throw new Error(`a fan-out worker exited (code ${this.child.exitCode})`);
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' } satisfies FanoutCommand);
    await Promise.race([exited, sleep(10_000).then(() => this.child.kill('SIGKILL'))]);
  }
}

/** Deals the groups' subscribers out to `workers` lists, a group split where it must, so the large organisation's are spread over every worker. */
function deal(groups: FanoutGroup[], workers: number): FanoutGroup[][] {
  const dealt: FanoutGroup[][] = Array.from({ length: workers }, () => []);
  for (const group of groups) {
    const share = Math.ceil(group.subscribers / workers);
    for (let worker = 0, left = group.subscribers; left > 0; worker++, left -= share) dealt[worker].push({ ...group, subscribers: Math.min(share, left) });
  }
  return dealt;
}

/**
 * Issue 30 item 4: `smallOrganisations` organisations of `smallSize` graphql-ws subscribers of
 * `workflowControl` and one of `largeSize`, held at once through the gateway at `gatewayUrl` by
 * worker processes; then a workflow of the large organisation is killed with the GraphQL
 * mutation through that same gateway, and the time it takes to reach each of its subscribers is measured, with the memory
 * the processes named in `pids` grew by while holding them.
 */
export async function subscriberFanout(stack: BenchStack, gatewayUrl: string, operators: readonly Tenant[], shape: FanoutShape, pids: ReadonlyMap<string, number>): Promise<FanoutResult> {
  if (operators.length < shape.smallOrganisations + 1) throw new Error(`the fan-out needs ${shape.smallOrganisations + 1} organisations, the bench has ${operators.length}`);
  const [large, ...small] = operators;
  const groups: FanoutGroup[] = [
    { organisationId: large.organisationId, token: large.token, subscribers: shape.largeSize },
    ...small.slice(0, shape.smallOrganisations).map((operator) => ({ organisationId: operator.organisationId, token: operator.token, subscribers: shape.smallSize })),
  ];
  const total = groups.reduce((sum, group) => sum + group.subscribers, 0);
  const victim = await benchWorkflow(stack, large, `fanout-${Date.now()}`);
  const residentBefore = new Map([...pids].map(([name, pid]) => [name, residentBytes(pid)]));
  const workers = Array.from({ length: Math.max(1, Math.ceil(total / SUBSCRIBERS_PER_WORKER)) }, () => new Worker());
  try {
    const opening = performance.now();
    const dealt = deal(groups, workers.length);
    const ready = await Promise.all(workers.map((worker, index) => worker.ask({ type: 'subscribe', gatewayUrl, groups: dealt[index] }, 'ready')));
    const openSeconds = (performance.now() - opening) / 1000;
    const held = ready.reduce((sum, reply) => sum + reply.held, 0);
    await sleep(2_000); // let the opening's garbage go before memory is read
    const residentPerSubscriber = new Map([...pids].map(([name, pid]) => [name, (residentBytes(pid) - residentBefore.get(name)!) / held]));
    const sent = performance.timeOrigin + performance.now();
    await killWorkflow({ ...stack, gatewayUrl }, large, victim);
    const deadline = performance.now() + DELIVERY_WAIT_MS;
    let arrivals: Array<Extract<FanoutReply, { type: 'arrivals' }>> = [];
    let times: number[] = [];
    while (performance.now() < deadline) {
      arrivals = await Promise.all(workers.map((worker) => worker.ask({ type: 'arrivals', workflowId: victim }, 'arrivals')));
      times = arrivals.flatMap((reply) => reply.times);
      if (times.length >= shape.largeSize) break;
      await sleep(100);
    }
    const lost = arrivals.reduce((sum, reply) => sum + reply.lost, 0);
    const refusal = ready.find((reply) => reply.reason)?.reason;
    return { subscribers: total, held, refusal, lost, openSeconds, delivery: summarise(times.map((at) => at - sent)), delivered: times.length, residentPerSubscriber };
  } finally {
    await Promise.all(workers.map((worker) => worker.close()));
  }
}
