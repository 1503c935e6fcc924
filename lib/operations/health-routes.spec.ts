import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { healthRoutes } from './health-routes';

describe('healthRoutes', () => {
  it('logs each change of readiness once, not every probe', async () => {
    const lines: Array<{ level: number; msg: string; down?: Record<string, string> }> = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
    let up = true;
    const check = { name: 'database', probe: async () => (up ? undefined : Promise.reject(new Error('connection refused'))) };
    const server = createServer(express().use(healthRoutes('test', [check], pino({ level: 'info' }, sink)))).listen(0);
    const { port } = server.address() as { port: number };
    const probe = async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
    try {
      expect(await probe()).toBe(200);
      up = false;
      expect([await probe(), await probe(), await probe()]).toEqual([503, 503, 503]);
      up = true;
      expect([await probe(), await probe()]).toEqual([200, 200]);
    } finally {
      server.close();
    }
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'unready: database down'],
      [30, 'ready again'],
    ]);
    expect(lines[0].down).toEqual({ database: 'connection refused' });
  });
});
