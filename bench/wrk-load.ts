import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { httpLoad, PER_CALL, type LoadCall, type LoadRequest, type LoadResult } from './http-load';

/**
 * Closed-loop loads sent by wrk (https://github.com/wg/wrk, Debian's `wrk`), a load generator in C.
 *
 * The bench's own generator (`httpLoad`, undici) spends 120-250 µs of CPU on a call, on the same
 * two cores as the processes measured; that share is the same for every contender, so it pulls
 * every ratio towards 1. wrk spends 40-60 µs: what the tables compare is then mostly the
 * processes measured. wrk sends the first `CYCLE` requests of the call, made here ahead, in turn, with
 * `PER_CALL` replaced by a number of its own on each call, and counts an answer refused when its
 * status is not 2xx, its body holds `"errors":` or lacks the call's `contains`. The whole of each
 * answer is checked (`LoadCall.accepts`) on a sample sent before the run, by undici.
 */

/** How many requests are made ahead; the numbered calls repeat after that many. */
const CYCLE = 512;
/** The requests checked whole before each run. */
const SAMPLE = 16;
/** Beyond this, a call counts as timed out (wrk's default of 2 s is shorter than the large answer's p99 at 64 in flight). */
const TIMEOUT = '60s';

const run = promisify(execFile);

/** A Lua string literal holding `text` (bytes below 32, quotes and backslashes escaped). */
const luaString = (text: string) => `"${text.replace(/[\\"\x00-\x1f]/g, (char) => `\\${char.charCodeAt(0).toString().padStart(3, '0')}`)}"`;

/** The request as raw HTTP/1.1: whole when it has no `PER_CALL`; otherwise its head up to `Content-Length: ` and its body's pieces around `PER_CALL`. */
function rawRequest(request: LoadRequest, host: string): string {
  const body = request.body ?? '';
  const headers = Object.entries({ host, ...request.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${headers}content-length: `;
  if (!body.includes(PER_CALL)) return luaString(`${head}${Buffer.byteLength(body)}\r\n\r\n${body}`);
  return `{ head = ${luaString(head)}, parts = { ${body.split(PER_CALL).map(luaString).join(', ')} } }`;
}

/** The wrk script: the requests, the per-call numbers, the refused answers and a last line of JSON with the run's counts and latencies (µs). */
function script(call: LoadCall, host: string, tag: string): string {
  const requests = Array.from({ length: CYCLE }, (_, sequence) => rawRequest(call.request(sequence), host));
  const contains = call.wrk?.contains;
  return `
local requests = {
${requests.join(',\n')}
}
local count = #requests
local sent = 0
refused = 0
local threads = {}

function setup(thread) threads[#threads + 1] = thread end

function request()
  sent = sent + 1
  local made = requests[(sent - 1) % count + 1]
  if type(made) == "string" then return made end
  local body = table.concat(made.parts, ${luaString(tag)} .. sent)
  return made.head .. #body .. "\\r\\n\\r\\n" .. body
end

function response(status, headers, body)
  if status < 200 or status > 299 or string.find(body, '"errors":', 1, true)${contains ? ` or not string.find(body, ${luaString(contains)}, 1, true)` : ''} then
    refused = refused + 1
  end
end

function done(summary, latency, requests)
  local refusedAll = 0
  for _, thread in ipairs(threads) do refusedAll = refusedAll + thread:get("refused") end
  local e = summary.errors
  io.write(string.format('\\nWRK_RESULT {"requests":%d,"duration":%d,"refused":%d,"failed":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, refusedAll, e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(99), latency.max))
end
`;
}

interface WrkResult {
  requests: number;
  duration: number;
  refused: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Prepares a wrk run of `call` at `origin` with `concurrency` calls in flight: writes its script
 * and checks a sample of its answers whole. The returned function runs it once, for `seconds`,
 * and removes the script.
 */
export async function prepareWrk(origin: string, call: LoadCall, concurrency: number): Promise<(seconds: number) => Promise<LoadResult>> {
  const sample = await httpLoad(origin, call, Math.min(concurrency, SAMPLE), { calls: SAMPLE });
  const directory = await mkdtemp(join(tmpdir(), 'bench-wrk-'));
  const file = join(directory, 'load.lua');
  const tag = `wrk${process.pid}-${Date.now().toString(36)}-`;
  await writeFile(file, script(call, new URL(origin).host, tag));
  return async (seconds) => {
    try {
      const { stdout } = await run('wrk', ['-t1', `-c${concurrency}`, `-d${Math.max(1, Math.round(seconds))}s`, `--timeout`, TIMEOUT, '-s', file, origin], { maxBuffer: 1 << 20 });
      const line = stdout.split('\n').find((text) => text.startsWith('WRK_RESULT '));
      if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
      const result = JSON.parse(line.slice('WRK_RESULT '.length)) as WrkResult;
      const ms = (micros: number) => micros / 1000;
      return {
        perSecond: result.requests / (result.duration / 1e6),
        latency: { count: result.requests, p50: ms(result.p50), p99: ms(result.p99), max: ms(result.max) },
        errors: sample.errors + result.refused + result.failed,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('the bench sends its loads with wrk: install it (apt-get install wrk)');
      throw error;
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  };
}
