import { connect } from 'node:net';
import { send } from '../support/http';
import { launchOwnStack, type OwnStack } from '../support/own-stack';

interface Cut {
  /** What the server answered before it closed the connection. */
  answer: string;
  /** Lines (or body bytes) the client had trickled when it was cut off. */
  trickled: number;
}

/**
 * Opens a connection, sends `opening`, then one more `drip` every 200 ms for as long as the
 * server keeps the connection open. Resolves when the server closes it.
 */
function trickle(origin: string, opening: string, drip: (n: number) => string): Promise<Cut> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let trickled = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      if (opening) socket.write(opening);
      timer = setInterval(() => {
        if (!socket.destroyed && opening) socket.write(drip(trickled++));
      }, 200);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, trickled });
    });
  });
}

describe('hardening: slow clients are cut off (HTTP_HEADERS_TIMEOUT_SECONDS, HTTP_REQUEST_TIMEOUT_SECONDS)', () => {
  let stack: OwnStack;
  let origins: Record<string, string>;

  beforeAll(async () => {
    stack = await launchOwnStack({ NODE_ENV: 'production', HTTP_HEADERS_TIMEOUT_SECONDS: '2', HTTP_REQUEST_TIMEOUT_SECONDS: '4' });
    const env = stack.target.env;
    origins = {
      'rest-shim': stack.shimUrl,
      gateway: `http://127.0.0.1:${env.GATEWAY_PORT}`,
      web: stack.webUrl,
      'subgraph guard': `http://127.0.0.1:${env.GUARD_PORT}`,
    };
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 408 and closes a connection that trickles header lines, in every process, while serving others', async () => {
    const cuts = Object.entries(origins).map(async ([name, origin]) => {
      const cut = await trickle(origin, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', (n) => `X-Slow-${n}: a\r\n`);
      return { name, status: cut.answer.split('\r\n')[0], stillTrickling: cut.trickled > 3 };
    });
    // Meanwhile each process answers an ordinary request.
    for (const origin of Object.values(origins)) expect((await send(`${origin}/healthz`)).status).toBe(200);
    expect(await Promise.all(cuts)).toEqual(Object.keys(origins).map((name) => ({ name, status: 'HTTP/1.1 408 Request Timeout', stillTrickling: true })));
  });

  it('closes a connection that never sends a byte, and one whose body trickles', async () => {
    const silent = await trickle(stack.shimUrl, '', () => '');
    expect(silent.answer).toBe('');
    const body = await trickle(
      stack.shimUrl,
      'POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      () => ' ',
    );
    expect(body.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(body.trickled).toBeGreaterThan(3);
  });
});
