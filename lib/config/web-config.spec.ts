import { ConfigError, loadConfig } from '.';

describe('loadConfig: the web console and the gateway it calls', () => {
  it('lets the web process origins through CORS and points the browser at the local gateway by default', () => {
    const config = loadConfig({ WEB_PORT: '3100', GATEWAY_PORT: '4100' });
    expect(config.gateway.corsOrigins).toEqual(['http://127.0.0.1:3100', 'http://localhost:3100']);
    expect(config.web.gatewayPublicUrl).toBe('http://127.0.0.1:4100/graphql');
  });

  it('reads a list of origins and a public gateway URL', () => {
    const config = loadConfig({ GATEWAY_CORS_ORIGINS: 'https://console.example.com, http://10.0.0.5:3002/', GATEWAY_PUBLIC_URL: 'https://api.example.com/graphql' });
    expect(config.gateway.corsOrigins).toEqual(['https://console.example.com', 'http://10.0.0.5:3002']);
    expect(config.web.gatewayPublicUrl).toBe('https://api.example.com/graphql');
  });

  it.each(['*', 'console.example.com', 'https://console.example.com/path', 'ftp://files.example.com'])('refuses %j as an origin', (origin) => {
    expect(() => loadConfig({ GATEWAY_CORS_ORIGINS: origin })).toThrow(ConfigError);
    expect(() => loadConfig({ GATEWAY_CORS_ORIGINS: origin })).toThrow(/^Invalid configuration: GATEWAY_CORS_ORIGINS /);
  });

  it('refuses a public gateway URL that is not a URL', () => {
    expect(() => loadConfig({ GATEWAY_PUBLIC_URL: 'gateway' })).toThrow(/^Invalid configuration: GATEWAY_PUBLIC_URL /);
  });
});
