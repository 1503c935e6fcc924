import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleConfig } from '../shared/console-config';
import { inertJson } from './pages/html';

/** The marker in the app's HTML entries (`web/index.html`, `web/installer.html`) the server replaces with the page's configuration. */
export const CONFIG_MARKER = '<!--console-config-->';

/**
 * One of the app's built HTML entries with its configuration injected as inert JSON (never as a
 * script the browser runs), so the same build serves any deployment and the page needs no
 * request of its own to learn where the gateway is.
 */
export function consolePage(appRoot: string, config: ConsoleConfig, entry = 'index.html'): string {
  const path = join(appRoot, entry);
  const html = readFileSync(path, 'utf8');
  if (!html.includes(CONFIG_MARKER)) throw new Error(`${path} has no ${CONFIG_MARKER} marker: rebuild the web app`);
  return html.replace(CONFIG_MARKER, `<script type="application/json" id="console-config">${inertJson(config).text}</script>`);
}
