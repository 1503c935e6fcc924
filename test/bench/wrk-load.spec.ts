import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PER_CALL, type LoadCall } from '../../bench/http-load';
import { prepareWrk } from '../../bench/wrk-load';

/** What the server saw: each request's path, headers and parsed body. */
interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: { name: string; call: string };
}

/** A server answering `{"data":…}`, or `{"errors":…}` to calls whose name is `refuse`, and a 500 to `fail`. */
async function listen(seen: Seen[]): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as Seen['body'];
      seen.push({ path: req.url!, headers: req.headers, body });
      res.writeHead(body.name === 'fail' ? 500 : 200, { 'content-type': 'application/json' });
      res.end(body.name === 'refuse' ? '{"errors":[{"message":"no"}]}' : `{"data":{"name":"${body.name}","ok":true}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Calls named after `names` in turn, each body with a text outside ASCII, quotes and a new line, and a per-call value. */
const callOf = (names: readonly string[], contains?: string): LoadCall => ({
  request: (sequence) => ({
    path: `/graphql?n=${sequence % names.length}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caller': `caller-${sequence % names.length}` },
    body: JSON.stringify({ name: names[sequence % names.length], note: 'ñandú "quoted"\nline', call: `exec-${PER_CALL}` }),
  }),
  accepts: (status, body) => status === 200 && !(body as { errors?: unknown }).errors,
  wrk: { contains },
});

describe('wrk loads (bench/wrk-load.ts)', () => {
  let seen: Seen[];
  let server: Server;
  let origin: string;

  beforeEach(async () => {
    seen = [];
    ({ server, origin } = await listen(seen));
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  it('sends each prepared request whole, in turn, with a value of its own for every call', async () => {
    const run = await prepareWrk(origin, callOf(['a', 'b', 'c']), 4);
    const sampled = seen.length;
    const result = await run(1);
    const sent = seen.slice(sampled);

    expect(result.errors).toBe(0);
    expect(result.latency.count).toBeGreaterThan(0);
    expect(sent.length).toBeGreaterThanOrEqual(result.latency.count);
    for (const { path, headers, body } of sent) {
      const turn = Number(new URL(path, origin).searchParams.get('n'));
      expect(body.name).toBe(['a', 'b', 'c'][turn]);
      expect(headers['x-caller']).toBe(`caller-${turn}`);
      expect(body).toMatchObject({ note: 'ñandú "quoted"\nline' });
    }
    const values = sent.map(({ body }) => body.call);
    expect(values.every((value) => /^exec-wrk\d+-[0-9a-z]+-\d+$/.test(value))).toBe(true);
    expect(new Set(values).size).toBe(values.length);
  });

  it('counts refused answers: not 2xx, with errors, or without the expected text', async () => {
    const result = await (await prepareWrk(origin, callOf(['a', 'refuse', 'fail', 'b']), 2))(1);
    // The sample sent first answers 8 refused of 16; of the run, half of those answered.
    expect(result.errors).toBeGreaterThanOrEqual(8 + Math.floor(result.latency.count / 2) - 2);
    expect(result.errors).toBeLessThanOrEqual(8 + Math.ceil(result.latency.count / 2) + 2);

    const expecting = await (await prepareWrk(origin, callOf(['a', 'b'], '"name":"a"'), 2))(1);
    expect(expecting.errors).toBeGreaterThanOrEqual(Math.floor(expecting.latency.count / 2) - 2);
    expect(expecting.errors).toBeLessThanOrEqual(Math.ceil(expecting.latency.count / 2) + 2);
  });
});
