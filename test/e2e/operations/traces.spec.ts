import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { send } from '../../support/http';
import { launchOwnStack, launchShimBeside, ownStackDatabase, type OwnStack } from '../../support/own-stack';
import { startOtlpReceiver, type ReceivedSpan } from '../../support/otlp-receiver';

/**
 * The stack exports to a receiver of the test's own. On PostgreSQL (TEST_DATABASE_URL) the trace
 * also holds the SQL statement: the embedded SQLite driver has no instrumentation. The stack's
 * shim sends its operations to the gateway process (`SHIM_GATEWAY=remote`); a second shim beside
 * it runs them with the gateway embedded (the default).
 */
describe('one trace across the shim, the gateway, the subgraph and its database', () => {
  const postgres = Boolean(process.env.TEST_DATABASE_URL);
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let stack: OwnStack;
  let embedded: OwnStack;
  let database: Awaited<ReturnType<typeof ownStackDatabase>> | undefined;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    database = await ownStackDatabase('switchyard_traces');
    stack = await launchOwnStack({ ...database.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '50', SHIM_GATEWAY: 'remote' });
    embedded = await launchShimBeside(stack, { SHIM_GATEWAY: 'embedded' });
  }, 150_000);
  afterAll(async () => {
    await embedded?.stop();
    await stack?.stop();
    await database?.drop();
    await receiver?.close();
  });

  it('carries the caller’s traceparent through every hop, each hop a child of the one before', async () => {
    const traceId = randomBytes(16).toString('hex');
    const response = await send(`${stack.shimUrl}/api/brand/list`, { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
    expect(response.status).toBe(200);

    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    const complete = (spans: ReceivedSpan[]) =>
      ['rest-shim', 'gateway', 'feed'].every((service) => spans.some((span) => span.service === service && span.scope.endsWith('instrumentation-http'))) &&
      (!postgres || spans.some((span) => span.scope.endsWith('instrumentation-pg') && span.name.startsWith('pg.query')));
    // Spans arrive in batches after the response; wait for them rather than for a fixed time.
    for (let attempt = 0; attempt < 200 && !complete(inTrace()); attempt++) await sleep(50);
    const spans = inTrace();
    expect(complete(spans)).toBe(true);

    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const serverSpan = (service: string) => spans.find((span) => span.service === service && span.scope.endsWith('instrumentation-http') && /^(GET|POST) \//.test(span.name))!;
    const callerOf = (span: ReceivedSpan) => byId.get(span.parentSpanId ?? '');
    expect(serverSpan('rest-shim').name).toBe('GET /api/brand/list');
    expect(callerOf(serverSpan('gateway'))?.service).toBe('rest-shim');
    expect(callerOf(serverSpan('feed'))?.service).toBe('gateway');
    expect(spans.some((span) => span.service === 'feed' && span.scope.endsWith('instrumentation-graphql'))).toBe(true);
    if (postgres) {
      const statement = spans.find((span) => span.scope.endsWith('instrumentation-pg') && span.name.startsWith('pg.query'))!;
      expect(statement.service).toBe('feed');
      expect(String(statement.attributes['db.query.text'] ?? statement.attributes['db.statement'])).toMatch(/select/i);
    }
  });

  it('with the gateway embedded in the shim: the shim plans and fetches, and the subgraph is its child', async () => {
    const traceId = randomBytes(16).toString('hex');
    const response = await send(`${embedded.shimUrl}/api/brand/list`, { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
    expect(response.status).toBe(200);

    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    const complete = (spans: ReceivedSpan[]) =>
      ['rest-shim', 'feed'].every((service) => spans.some((span) => span.service === service && span.scope.endsWith('instrumentation-http'))) &&
      spans.some((span) => span.name === 'gateway.fetch');
    for (let attempt = 0; attempt < 200 && !complete(inTrace()); attempt++) await sleep(50);
    const spans = inTrace();
    expect(complete(spans)).toBe(true);

    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const serverSpan = (service: string) => spans.find((span) => span.service === service && span.scope.endsWith('instrumentation-http') && /^(GET|POST) \//.test(span.name))!;
    expect(serverSpan('rest-shim').name).toBe('GET /api/brand/list');
    expect(byId.get(serverSpan('feed').parentSpanId ?? '')?.service).toBe('rest-shim');
    // The gateway's own spans are the shim's now; the gateway process is not in the trace.
    expect(spans.filter((span) => span.name.startsWith('gateway.')).map((span) => span.service)).toEqual(expect.arrayContaining(['rest-shim']));
    expect(spans.some((span) => span.service === 'gateway')).toBe(false);
  });
});
