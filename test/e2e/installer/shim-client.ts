import { samplePackageFiles } from '../../../subgraphs/installer/sample/sample-package';
import { send, type JsonResponse } from '../../support/http';

export const INSTALLER = '/backend/api/installer';

/** The sample package's files with its module renamed, for several installs on one stack. */
export function sampleAs(module: string, version: 1 | 2 = 1): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [path, content] of Object.entries(samplePackageFiles(version))) {
    files[path.replace(/\/library\//g, `/${module}/`)] = path === 'manifest.json' ? content.replace('"module": "library"', `"module": "${module}"`) : content;
  }
  return files;
}

/** POST a package as multipart (`package` file, `config` field). */
export async function postMultipart(url: string, zip: Buffer | undefined, config?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
  const form = new FormData();
  if (zip) form.append('package', new Blob([zip], { type: 'application/zip' }), 'package.zip');
  if (config !== undefined) form.append('config', typeof config === 'string' ? config : JSON.stringify(config));
  const response = await fetch(url, { method: 'POST', body: form, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** POST the ZIP itself, with `?config=`. */
export function postRaw(url: string, zip: Buffer, config?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
  const query = config === undefined ? '' : `${url.includes('?') ? '&' : '?'}config=${encodeURIComponent(typeof config === 'string' ? config : JSON.stringify(config))}`;
  return send(`${url}${query}`, { method: 'POST', headers: { 'content-type': 'application/zip', ...headers }, body: zip });
}
