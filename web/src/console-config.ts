import type { ConsoleConfig } from '../shared/console-config';

/**
 * The configuration the server injected as JSON. `vite dev` serves the raw index.html, without
 * it: then the local gateway's default address.
 */
export function readConsoleConfig(): ConsoleConfig {
  const element = document.getElementById('console-config');
  if (!element?.textContent) return { gatewayUrl: 'http://127.0.0.1:4000/graphql' };
  return JSON.parse(element.textContent) as ConsoleConfig;
}

/** `http(s)://host/graphql` → `ws(s)://host/graphql`: where the gateway speaks graphql-ws. */
export function socketUrl(httpUrl: string): string {
  const url = new URL(httpUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
