import { SvcAuthenticationError, SvcConfigError } from '../errors/config-errors';
import { InsecureTransportError } from '../errors/delivery-errors';
import { resolveSettings } from './settings';

describe('runtime settings', () => {
  it('needs a key, from the options or SVC_API_KEY, and says SV-C001 without one', () => {
    expect(() => resolveSettings({}, {})).toThrow(SvcAuthenticationError);
    try {
      resolveSettings({}, { SVC_API_KEY: '  ' });
    } catch (error) {
      expect(error).toMatchObject({ errorCode: 'SV-C001' });
    }
    expect(resolveSettings({}, { SVC_API_KEY: 'sk_env' }).apiKey).toBe('sk_env');
    expect(resolveSettings({ apiKey: 'sk_opt' }, { SVC_API_KEY: 'sk_env' }).apiKey).toBe('sk_opt');
  });

  it('has documented defaults', () => {
    const settings = resolveSettings({ apiKey: 'k' }, {});
    expect(settings).toMatchObject({
      apiUrl: 'http://127.0.0.1:8004',
      apiBase: 'http://127.0.0.1:8004/api/v1',
      controlUrl: 'ws://127.0.0.1:4000/graphql',
      debug: false,
      batchSize: 50,
      flushIntervalMs: 1000,
      maxBufferedEvents: 10_000,
      hmacSecret: undefined,
      transport: 'batch',
      requestTimeoutMs: 5000,
      pollIntervalMs: 5000,
      push: true,
      instrumentFetch: true,
      llmHosts: ['api.openai.com', 'api.anthropic.com'],
    });
    expect(Object.isFrozen(settings)).toBe(true);
  });

  it('reads every SVC_* variable, and options win over them', () => {
    const env = {
      SVC_API_KEY: 'k',
      SVC_API_URL: 'https://guard.example.com/',
      SVC_CONTROL_URL: 'wss://gw.example.com/graphql',
      SVC_DEBUG: 'true',
      SVC_BATCH_SIZE: '10',
      SVC_FLUSH_INTERVAL_MS: '250',
      SVC_MAX_BUFFERED_EVENTS: '100',
      SVC_HMAC_SECRET: 'secret',
      SVC_TRANSPORT: 'immediate',
      SVC_TIMEOUT_MS: '900',
      SVC_POLL_INTERVAL_MS: '0',
      SVC_PUSH: 'false',
      SVC_INSTRUMENT: 'no',
      SVC_LLM_HOSTS: 'llm.internal:8080, Proxy.Example.com',
    };
    expect(resolveSettings({}, env)).toMatchObject({
      apiUrl: 'https://guard.example.com',
      apiBase: 'https://guard.example.com/api/v1',
      controlUrl: 'wss://gw.example.com/graphql',
      debug: true,
      batchSize: 10,
      flushIntervalMs: 250,
      maxBufferedEvents: 100,
      hmacSecret: 'secret',
      transport: 'immediate',
      requestTimeoutMs: 900,
      pollIntervalMs: 0,
      push: false,
      instrumentFetch: false,
      llmHosts: ['api.openai.com', 'api.anthropic.com', 'llm.internal:8080', 'proxy.example.com'],
    });
    expect(resolveSettings({ batchSize: 5, transport: 'batch', debug: false }, env)).toMatchObject({ batchSize: 5, transport: 'batch', debug: false });
  });

  it('derives the control URL from an https API URL', () => {
    expect(resolveSettings({ apiKey: 'k', apiUrl: 'https://guard.example.com/api/v1' }, {})).toMatchObject({
      apiBase: 'https://guard.example.com/api/v1',
      controlUrl: 'wss://guard.example.com:4000/graphql',
    });
  });

  it.each([
    ['SVC_BATCH_SIZE', '0'],
    ['SVC_BATCH_SIZE', 'ten'],
    ['SVC_BATCH_SIZE', '1.5'],
    ['SVC_FLUSH_INTERVAL_MS', '-1'],
    ['SVC_MAX_BUFFERED_EVENTS', '10'],
    ['SVC_TRANSPORT', 'carrier-pigeon'],
    ['SVC_DEBUG', 'maybe'],
    ['SVC_API_URL', 'not a url'],
    ['SVC_API_URL', 'ftp://guard'],
    ['SVC_CONTROL_URL', 'http://gw/graphql'],
  ])('names %s when it is invalid (%s)', (variable, value) => {
    const attempt = () => resolveSettings({}, { SVC_API_KEY: 'k', [variable]: value });
    expect(attempt).toThrow(SvcConfigError);
    expect(attempt).toThrow(variable);
    expect(attempt).toThrow(expect.objectContaining({ errorCode: 'SV-C003', retryable: false }));
  });

  it('refuses plain http to a host that is not loopback unless allowed', () => {
    expect(() => resolveSettings({ apiKey: 'k', apiUrl: 'http://guard.example.com' }, {})).toThrow(InsecureTransportError);
    expect(resolveSettings({ apiKey: 'k', apiUrl: 'http://guard.example.com', allowInsecureHttp: true }, {}).apiUrl).toBe('http://guard.example.com');
    expect(resolveSettings({ apiKey: 'k', apiUrl: 'http://localhost:8004' }, {}).apiUrl).toBe('http://localhost:8004');
  });
});
