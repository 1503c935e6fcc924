import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { OwnHaproxy } from '../../test/support/haproxy';
import type { OwnRedisServer } from '../../test/support/redis-server';
import type { ReplicatedStack } from '../../test/support/replicated-stack';
import type { Fault } from './fault-schedule';
import type { PrivatePostgres } from './private-postgres';

const run = promisify(execFile);

/**
 * Cuts every established TCP connection from or to any of `ports` on the loopback (`ss -K`, which
 * needs root and a kernel with socket destroy): both ends see a reset, as when a load balancer or
 * a NAT drops its table. Resolves once `ss` is done.
 */
export async function cutConnections(ports: number[]): Promise<void> {
  if (ports.length === 0) return;
  const filter = ports.flatMap((port, i) => [...(i > 0 ? ['or'] : []), 'sport', '=', `:${port}`, 'or', 'dport', '=', `:${port}`]);
  await run('ss', ['-K', '-t', 'state', 'established', '(', ...filter, ')']);
}

/** SIGSTOP: the process holds its sockets and answers nothing (a GC pause, a starved VM) until the returned function sends SIGCONT. */
export function stopProcess(pid: number): () => void {
  process.kill(pid, 'SIGSTOP');
  return () => process.kill(pid, 'SIGCONT');
}

/** Stopped for `ms`, then continued. */
export async function pauseProcess(pid: number, ms: number): Promise<void> {
  const resume = stopProcess(pid);
  try {
    await sleep(ms);
  } finally {
    resume();
  }
}

/** What the faults act on. */
export interface FaultTargets {
  stack: ReplicatedStack;
  postgres: PrivatePostgres;
  redis: OwnRedisServer;
}

const portOf = (origin: string) => Number(new URL(origin).port);

/** The port of a part's HAProxy frontend. */
export function frontPort(stack: ReplicatedStack, part: string): number {
  const fronts: Record<string, string> = { 'rest-shim': stack.target.shimUrl, gateway: stack.target.gatewayUrl, web: stack.target.webUrl };
  const front = fronts[part] ?? stack.env(1)[`${part.toUpperCase()}_URL`];
  if (!front) throw new Error(`no HAProxy frontend is known for ${part}`);
  return portOf(front);
}

/**
 * Injects `fault` and resolves once the injection is over: a killed replica started again (as a
 * supervisor would, at once), a paused one continued, a server restarted, the connections cut.
 * Recovery (back in HAProxy's rotation) is `recovered`'s to wait for.
 */
export async function inject(fault: Fault, { stack, postgres, redis }: FaultTargets): Promise<void> {
  switch (fault.kind) {
    case 'kill':
      await stack.kill(fault.part, fault.replica);
      await stack.start(fault.part, fault.replica);
      return;
    case 'pause': {
      const pid = stack.pid(fault.part, fault.replica);
      if (pid === undefined) throw new Error(`${fault.part}-${fault.replica} is not running`);
      await pauseProcess(pid, fault.pauseMs);
      return;
    }
    case 'postgres-restart':
      await postgres.restart();
      return;
    case 'redis-restart':
      await redis.stop();
      await redis.start();
      return;
    case 'connection-storm':
      await cutConnections([frontPort(stack, fault.part), portOf(stack.origin(fault.part, 1)), portOf(stack.origin(fault.part, 2))]);
      return;
  }
}

/** Whether every server of every tier is in HAProxy's rotation (`UP`, not a transition). */
export async function allInRotation(haproxy: OwnHaproxy): Promise<boolean> {
  const servers = await haproxy.servers().catch(() => []);
  return servers.length > 0 && servers.every((server) => server.status === 'UP');
}
