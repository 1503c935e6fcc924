import { sensitive } from '../wrappers/sensitive';
import { protect } from '../wrappers/protect';
import { guarded, handle } from '../wrappers/guarded';
import { onError } from '../hooks/error-hooks';
import { trackTool } from '../tracking/track';
import { SvcAuthenticationError, SvcConfigError } from '../errors/config-errors';
import { SvcBudgetError } from '../errors/decision-errors';
import { BreakerTransportError, InsecureTransportError } from '../errors/delivery-errors';
import { SvcProtocolError, SvcTransportError } from '../errors/transport-errors';
import { WorkflowKilledInterrupt } from '../errors/workflow-signals';
import { json, StandInGateway } from '../test-support/stand-in-gateway';
import { Runtime } from './runtime';
import { currentRuntime, init, shutdown, status } from './singleton';

/** A loopback port nothing listens on: connections are refused at once. */
async function closedPortUrl(): Promise<string> {
  const gateway = await new StandInGateway().start();
  const { url } = gateway;
  await gateway.stop();
  return url;
}

/** A stand-in gateway started before and stopped after each test of the enclosing describe. */
function useStandInGateway(): () => StandInGateway {
  let gateway: StandInGateway;
  beforeEach(async () => {
    gateway = await new StandInGateway().start();
  });
  afterEach(() => gateway.stop());
  return () => gateway;
}

describe('the runtime', () => {
  afterEach(() => shutdown({ timeout: 0, flush: false }));

  it('refuses to start without a key, reporting SV-C001 to the hooks', async () => {
    const seen: string[] = [];
    const off = onError((error, context) => seen.push(`${error.errorCode}@${context.stage}`));
    const saved = process.env.SVC_API_KEY;
    delete process.env.SVC_API_KEY;
    try {
      await expect(init()).rejects.toBeInstanceOf(SvcAuthenticationError);
      await expect(init()).rejects.toMatchObject({ errorCode: 'SV-C001' });
      expect(seen).toEqual(['SV-C001@init', 'SV-C001@init']);
    } finally {
      off();
      if (saved !== undefined) process.env.SVC_API_KEY = saved;
    }
  });

  it('refuses plain http to a remote host at init', async () => {
    await expect(init({ apiKey: 'k', apiUrl: 'http://guard.example.com' })).rejects.toBeInstanceOf(InsecureTransportError);
  });

  it('raises SvcConfigError from protected calls, tracking and status before init', async () => {
    expect(() => status()).toThrow(SvcConfigError);
    expect(() => trackTool('search')).toThrow(SvcConfigError);
    await expect(protect(async () => 1)()).rejects.toBeInstanceOf(SvcConfigError);
  });

  describe('with the gateway unreachable', () => {
    it('starts offline, lets protected calls run (fail open) and fails sensitive ones closed', async () => {
      const runtime = await init({ apiKey: 'sk_offline', apiUrl: await closedPortUrl() });
      expect(runtime.status()).toMatchObject({ state: 'offline', organisationId: null });
      expect(await protect(async function search(query: string) {
        return `results for ${query}`;
      })('cats')).toBe('results for cats');
      const transfer = sensitive(async function transferMoney() {
        return 'sent';
      });
      await expect(transfer()).rejects.toBeInstanceOf(SvcTransportError);
    });

    it('keeps tracked events and reports what shutdown could not deliver', async () => {
      await init({ apiKey: 'sk_offline', apiUrl: await closedPortUrl() });
      const decision = trackTool('search', 12);
      expect(decision).toMatchObject({ action: 'allow', bufferedEvents: 1 });
      expect(Object.isFrozen(decision)).toBe(true);
      expect(status().bufferedEvents).toBe(1);
      expect(await shutdown({ timeout: 100 })).toEqual({ eventsDelivered: 0, eventsLost: 1 });
      expect(() => status()).toThrow(SvcConfigError);
    });

    it('drops the oldest events beyond the buffer bound and reports them as a BreakerTransportError', async () => {
      await init(new Runtime({ apiKey: 'sk_offline', apiUrl: await closedPortUrl(), batchSize: 1, maxBufferedEvents: 2, push: false }, {}));
      for (const tool of ['a', 'b', 'c', 'd']) trackTool(tool);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { deliveryError, eventsLost, bufferedEvents, state } = status();
      expect(deliveryError).toBeInstanceOf(BreakerTransportError);
      expect(deliveryError).toMatchObject({ errorCode: 'SV-E001', eventsLost });
      expect(deliveryError!.bufferSize).toBeLessThanOrEqual(2);
      expect(eventsLost + bufferedEvents).toBe(4);
      expect(bufferedEvents).toBeLessThanOrEqual(2);
      expect(state).toBe('offline');
    });

    it('returns the live runtime to a second init', async () => {
      const first = await init({ apiKey: 'sk_offline', apiUrl: await closedPortUrl() });
      expect(await init({ apiKey: 'another' })).toBe(first);
    });

    it('accepts a runtime constructed with its own settings', async () => {
      const runtime = new Runtime({ apiKey: 'sk_offline', apiUrl: await closedPortUrl(), batchSize: 7, transport: 'immediate', push: false }, {});
      expect(await init(runtime)).toBe(runtime);
      expect(runtime.settings).toMatchObject({ batchSize: 7, transport: 'immediate' });
    });
  });

  it('gives a frozen status snapshot', async () => {
    await init({ apiKey: 'sk_offline', apiUrl: await closedPortUrl() });
    const snapshot = status();
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(Object.isFrozen(snapshot.workflows)).toBe(true);
    expect(snapshot).toMatchObject({ sdkVersion: expect.any(String), protocolVersion: 3, runningCalls: 0, eventsLost: 0 });
    expect(status()).not.toBe(snapshot);
  });

  describe('against a gateway that starts refusing the key', () => {
    const gateway = useStandInGateway();

    it('turns misconfigured on a 401 to any request, and a later 401 keeps it so', async () => {
      gateway().answer = (request, response) =>
        request.path.endsWith('/auth/verify') ? json(response, 200, { organization_id: 'org-1' }) : json(response, 200, {});
      const runtime = await init(new Runtime({ apiKey: 'sk_revoked_later', apiUrl: gateway().url, push: false }, {}));
      expect(status().state).toBe('ok');
      gateway().answer = (_request, response) => json(response, 401, { error_code: 'INVALID_API_KEY', error_message: 'revoked' });
      trackTool('search');
      await runtime.deliverPending();
      expect(status().state).toBe('misconfigured');
      trackTool('search');
      await runtime.deliverPending();
      expect(status().state).toBe('misconfigured');
    });
  });

  describe('shut down around start-up', () => {
    const gateway = useStandInGateway();
    beforeEach(() => {
      gateway().answer = (request, response) => {
        const body = request.path.endsWith('/auth/verify') ? { organization_id: 'org-1' } : {};
        setTimeout(() => json(response, 200, body), 50);
      };
    });
    const runtime = () => new Runtime({ apiKey: 'sk_unit', apiUrl: gateway().url, push: false }, {});

    it('stops a runtime that was still starting', async () => {
      const starting = runtime();
      const started = init(starting);
      await shutdown({ timeout: 0 });
      await started;
      expect(starting.isStopped).toBe(true);
      expect(currentRuntime()).toBeNull();
    });

    it('registers one beforeExit listener however often init runs', async () => {
      const before = process.listenerCount('beforeExit');
      await (await init(runtime())).shutdown({ timeout: 0 });
      await init(runtime());
      expect(process.listenerCount('beforeExit')).toBe(before + 1);
    });
  });

  describe('against a gateway speaking another protocol version', () => {
    const gateway = useStandInGateway();

    it('raises SvcProtocolError when the gateway requires a newer protocol', async () => {
      gateway().answer = (_request, response) => json(response, 200, { protocol_version: 4, min_protocol_version: 4, max_protocol_version: 4 });
      await expect(init({ apiKey: 'k', apiUrl: gateway().url })).rejects.toMatchObject({ name: 'SvcProtocolError', minRequiredVersion: 4 });
    });

    it('raises SvcProtocolError on PROTOCOL_TOO_OLD', async () => {
      gateway().answer = (request, response) =>
        request.path.endsWith('/capabilities')
          ? json(response, 200, { protocol_version: 3, min_protocol_version: 3, max_protocol_version: 3 })
          : json(response, 400, { error_code: 'PROTOCOL_TOO_OLD', error_message: 'upgrade', details: { min_required_version: 4 } });
      const failure = init({ apiKey: 'k', apiUrl: gateway().url });
      await expect(failure).rejects.toBeInstanceOf(SvcProtocolError);
      await expect(failure).rejects.toMatchObject({ minRequiredVersion: 4 });
    });
  });
});

describe('guarded and handle', () => {
  let exit: jest.SpyInstance;
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    exit = jest.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    exit.mockRestore();
    stderr.mockRestore();
  });

  it('print the user message of an SvcError and exit with 1, or the code given', async () => {
    const failing = guarded(async () => {
      throw new SvcBudgetError('no budget');
    });
    await expect(failing()).rejects.toThrow('exit 1');
    expect(stderr).toHaveBeenCalledWith('This assistant has used up its budget for now. Please try again later.\n');
    expect(() => handle(() => {
      throw new SvcBudgetError('no budget');
    }, { exitCode: 3 })).toThrow('exit 3');
  });

  it('let WorkflowKilledInterrupt and foreign errors through, and return results', async () => {
    await expect(guarded(async () => {
      throw new WorkflowKilledInterrupt('killed');
    })()).rejects.toBeInstanceOf(WorkflowKilledInterrupt);
    expect(() => handle(() => {
      throw new TypeError('bug');
    })).toThrow(TypeError);
    expect(guarded((a: number, b: number) => a + b)(2, 3)).toBe(5);
    await expect(handle(async () => 'ok')).resolves.toBe('ok');
    expect(exit).not.toHaveBeenCalled();
  });
});
