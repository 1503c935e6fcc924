import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Agent, request } from 'undici';
import { cutConnections, pauseProcess, stopProcess } from '../../bench/chaos/faults';
import { eventually } from '../support/eventually';
import { closeServer, listen } from '../../lib/net';

describe('chaos: fault injection helpers', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    port = await listen(server, 0, '127.0.0.1');
  });
  afterAll(() => closeServer(server));

  it('cuts every kept-alive connection to a port: the client sees its socket closed, and a new request opens another', async () => {
    const agent = new Agent({ keepAliveTimeout: 60_000, connections: 1 });
    const connections = new Set<unknown>();
    server.on('connection', (socket) => connections.add(socket));
    try {
      expect((await request(`http://127.0.0.1:${port}/`, { dispatcher: agent }).then((r) => r.body.text()))).toBe('ok');
      const before = [...connections];
      const closed = Promise.all(before.map((socket) => new Promise((resolve) => (socket as NodeJS.EventEmitter).once('close', resolve))));
      await cutConnections([port]);
      await closed;
      expect((await request(`http://127.0.0.1:${port}/`, { dispatcher: agent }).then((r) => r.body.text()))).toBe('ok');
      expect(connections.size).toBe(before.length + 1);
    } finally {
      await agent.close();
    }
  });

  it('stops a process and continues it: stopped (T) until resumed, running again after', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)'], { stdio: 'ignore' });
    // The state letter of /proc/<pid>/stat, after the command name in parentheses.
    const state = () => readFileSync(`/proc/${child.pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    try {
      const resume = stopProcess(child.pid!);
      // The signal is delivered asynchronously: wait for the state to say so.
      await eventually(() => state() === 'T', 30_000, 'the process stopped');
      resume();
      await eventually(() => state() !== 'T', 30_000, 'the process running again');
      // And the timed form: stopped, then continued.
      await pauseProcess(child.pid!, 100);
      await eventually(() => state() !== 'T', 30_000, 'the process running after the pause');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
