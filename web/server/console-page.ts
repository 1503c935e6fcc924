import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleConfig } from '../shared/console-config';

/** The marker in `web/index.html` the server replaces with the page's configuration. */
export const CONFIG_MARKER = '<!--console-config-->';

/**
 * The console's built `index.html` with its configuration injected as inert JSON (never as a
 * script the browser runs), so the same build serves any deployment and the page needs no
 * request of its own to learn where the gateway is. `<` is escaped so no value can close the tag.
 */
export function consolePage(appRoot: string, config: ConsoleConfig): string {
  const html = readFileSync(join(appRoot, 'index.html'), 'utf8');
  if (!html.includes(CONFIG_MARKER)) throw new Error(`${join(appRoot, 'index.html')} has no ${CONFIG_MARKER} marker: rebuild the web app`);
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(CONFIG_MARKER, `<script type="application/json" id="console-config">${json}</script>`);
}
