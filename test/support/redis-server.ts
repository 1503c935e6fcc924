import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';
import type { PubSub } from '../../lib/pubsub';

/**
 * A Redis server of a test's own (`redis-server` on a free port, nothing saved), which the test
 * may stop and start again on the same port to stage an outage without disturbing anyone else
 * using the machine's Redis.
 */
export class OwnRedisServer {
  private server?: ChildProcess;

  private constructor(readonly port: number) {}

  /** Whether `redis-server` is installed: the specs that need one are skipped without it. */
  static get available(): boolean {
    return spawnSync('redis-server', ['--version']).status === 0;
  }

  /** On `port` when given (a run's fixed range), else on a free one. */
  static async start(port?: number): Promise<OwnRedisServer> {
    const redis = new OwnRedisServer(port ?? (await freePort()));
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again), once it answers PING. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.server = server;
    for (let attempt = 0; attempt < 100; attempt++) {
      if (server.exitCode !== null) throw new Error(`redis-server on port ${this.port} exited (code ${server.exitCode})`);
      if (await answersPing(this.port)) return;
      await sleep(50);
    }
    throw new Error(`redis-server on port ${this.port} did not answer`);
  }

  /** Takes it away: every client's connection drops and new ones are refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server || server.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGKILL');
    });
  }
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Resolves once `pubsub` says it is (dis)connected from its backend: at once if it is already. */
export function connectionIs(pubsub: Pick<PubSub<object>, 'connected' | 'onConnectionChange'>, connected: boolean): Promise<void> {
  return new Promise((resolve) => {
    if (pubsub.connected === connected) return resolve();
    const stop = pubsub.onConnectionChange((now) => {
      if (now !== connected) return;
      stop();
      resolve();
    });
  });
}
