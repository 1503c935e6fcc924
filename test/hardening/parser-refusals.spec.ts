import { connect } from 'node:net';
import { signUp } from '../support/accounts';
import { postJson } from '../support/http';
import { processOrigins } from '../support/process-origins';
import { describeEachDatabase } from '../support/targets';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** The answers in what a server sent on one connection, each read by its Content-Length. */
function answersIn(received: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = received;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    const text = rest.subarray(end + 4, end + 4 + length).toString('utf8');
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text, for the assertion to show
    }
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.subarray(end + 4 + length);
  }
  return answers;
}

/**
 * Sends `bytes` on a fresh connection, as a hostile client would, and answers the last answer
 * before the server closed it: the refusal (a valid request before the refused bytes is answered
 * first, as HTTP/1.1 pipelining has it).
 */
function sendRaw(origin: string, bytes: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answers = answersIn(Buffer.concat(chunks));
      if (answers.length === 0) reject(new Error('the server closed without an answer'));
      else resolve(answers[answers.length - 1]);
    });
  });
}

const longPath = (prefix: string) => `${prefix}${'a'.repeat(64 * 1024)}`;
/** A POST whose Content-Length says 2 where the body has 20 bytes: the rest is read as a next request, which is not HTTP. */
const shortLength = (path: string) => `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}{"and":"then some"}`;
/** A Content-Length that is not a number. */
const badLength = (path: string) => `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 12abc\r\n\r\n{}`;

describeEachDatabase('hardening: what the HTTP parser refuses is answered in JSON', (target) => {
  it('answers a 64 KB path 431 and a bad Content-Length 400, with a JSON body, in every process', async () => {
    const origins = processOrigins(target.env);
    for (const [name, origin] of Object.entries(origins)) {
      for (const [bytes, status] of [
        [`GET ${longPath('/')} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 431],
        [shortLength('/graphql'), 400],
        [badLength('/graphql'), 400],
      ] as const) {
        const answer = await sendRaw(origin, bytes);
        expect({ name, status: answer.status, type: answer.headers['content-type'], connection: answer.headers.connection }).toEqual({ name, status, type: 'application/json; charset=utf-8', connection: 'close' });
        expect(typeof answer.body).toBe('object');
        const message = answer.body.error ?? answer.body.errors?.[0]?.message;
        expect({ name, message }).toEqual({ name, message: expect.any(String) });
      }
    }
  });

  it('answers in the GraphQL shape at the gateway', async () => {
    const answer = await sendRaw(target.gatewayUrl, `GET ${longPath('/graphql?query=')} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ errors: [{ message: expect.stringMatching(/exceed 16 KiB/), extensions: { code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', status: 431 } }] });
    const malformed = await sendRaw(target.gatewayUrl, badLength('/graphql'));
    expect(malformed.body).toEqual({ errors: [{ message: expect.stringMatching(/Content-Length/), extensions: { code: 'MALFORMED_REQUEST', status: 400 } }] });
  });

  it('answers at the shim in the shape of the legacy API the path names', async () => {
    const cases: Array<[string, (status: number) => unknown]> = [
      ['/auth/login', () => ({ error: expect.any(String) })],
      ['/api/user/login', () => ({ message: expect.any(String) })],
      ['/api/v1/gate', (status) => ({ error_code: status === 400 ? 'VALIDATION_FAILED' : 'REQUEST_HEADER_FIELDS_TOO_LARGE', error_message: expect.any(String), details: {}, retry_after_ms: null })],
      ['/v1/store-1/products.json', (status) => ({ code: status, message: status === 400 ? 'Bad Request' : 'Request Header Fields Too Large', description: expect.any(String) })],
      ['/apps/authorize/token', () => ({ error: 'invalid_request', error_description: expect.any(String) })],
      ['/backend/api/installer/packages', () => ({ detail: expect.any(String) })],
      ['/nowhere', () => ({ error: expect.any(String) })],
    ];
    for (const [path, shape] of cases) {
      const long = await sendRaw(target.shimUrl, `GET ${longPath(`${path}/`)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect({ path, status: long.status, body: long.body }).toEqual({ path, status: 431, body: shape(431) });
      for (const bytes of [shortLength(path), badLength(path)]) {
        const malformed = await sendRaw(target.shimUrl, bytes);
        expect({ path, status: malformed.status, body: malformed.body }).toEqual({ path, status: 400, body: shape(400) });
      }
    }
  });

  it('changes nothing: a login sent with a broken Content-Length is refused, and the account logs in as before', async () => {
    const user = await signUp(target);
    const body = JSON.stringify({ username: user.username, password: user.password });
    const cut = await sendRaw(target.shimUrl, `POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1x\r\n\r\n${body}`);
    expect(cut.status).toBe(400);
    expect((await postJson(`${target.shimUrl}/auth/login`, { username: user.username, password: user.password })).status).toBe(200);
  });
});
