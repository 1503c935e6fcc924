/** A generated app as the generator lists it. */
export interface GeneratedApp {
  id: string;
  name: string;
  version: number;
}

/** Where the web process relays the generator's sign-in and app list (web/server/installer/generator-relay.ts). */
const RELAY = '/installer/generator';

async function answer<T>(response: Response, refused: string): Promise<T> {
  if (response.status === 401 || response.status === 403) throw new Error(refused);
  if (!response.ok) throw new Error(`The generator answered ${response.status}. Try again in a moment.`);
  return (await response.json()) as T;
}

/**
 * Signs in to the generator (`POST /api/token`) and returns its access token. The password goes
 * to the generator only, through the web process's relay; the installer never sees it.
 */
export async function signInToGenerator(username: string, password: string): Promise<string> {
  const response = await fetch(`${RELAY}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = await answer<{ access?: unknown }>(response, 'The generator did not accept that username and password.');
  if (typeof body.access !== 'string') throw new Error('The generator answered without an access token.');
  return body.access;
}

export async function listGeneratedApps(access: string): Promise<GeneratedApp[]> {
  const response = await fetch(`${RELAY}/apps`, { headers: { authorization: `Bearer ${access}` } });
  const apps = await answer<unknown>(response, 'The generator no longer accepts this sign-in. Sign in again.');
  if (!Array.isArray(apps)) throw new Error('The generator answered with something other than a list of apps.');
  return apps.map((app) => ({ id: String(app.id), name: String(app.name ?? app.id), version: Number(app.version) }));
}
