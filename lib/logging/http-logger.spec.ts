import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { httpLogger } from './http-logger';

describe('httpLogger', () => {
  it('writes one line per request with its id and without credentials', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const logger = pino({ redact: { paths: ['req.headers.authorization'], censor: '[Redacted]' } }, sink);
    const app = express().use(httpLogger(logger)).get('/me', (_req, res) => {
      res.json({ ok: true });
    });
    const server = createServer(app).listen(0);
    const { port } = server.address() as { port: number };
    try {
      const response = await fetch(`http://127.0.0.1:${port}/me?access_token=sekrit-token&x=1`, { headers: { authorization: 'Bearer sekrit-jwt' } });
      expect(response.headers.get('x-request-id')).toBeTruthy();
    } finally {
      server.close();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/sekrit/);
    const entry = JSON.parse(lines[0]);
    expect(entry.req.url).toBe('/me?access_token=[Redacted]&x=1');
    expect(entry.req.id).toBeTruthy();
    expect(entry.res.statusCode).toBe(200);
  });

  it("logs a 5xx as an error, but not a readiness probe's 503, at info and at warn", async () => {
    for (const level of ['info', 'warn'] as const) {
      const lines: Array<{ level: number; req: { url: string } }> = [];
      const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
      const app = express()
        .use(httpLogger(pino({ level }, sink)))
        .get('/readyz', (_req, res) => {
          res.status(503).json({ status: 'unready' });
        })
        .get('/broken', (_req, res) => {
          res.status(503).json({ error: 'down' });
        });
      const server = createServer(app).listen(0);
      const { port } = server.address() as { port: number };
      try {
        expect((await fetch(`http://127.0.0.1:${port}/readyz?probe=1`)).status).toBe(503);
        expect((await fetch(`http://127.0.0.1:${port}/broken`)).status).toBe(503);
      } finally {
        server.close();
      }
      const errors = lines.filter((line) => line.level >= 50).map((line) => line.req.url);
      expect(errors).toEqual(['/broken']);
      expect(lines).toHaveLength(level === 'info' ? 2 : 1);
    }
  });
});
