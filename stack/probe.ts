import { connect } from 'node:net';
import { request } from 'undici';

/** Whether `url` answers 200 now; not listening yet, or slower than `timeoutMs`, is not yet. */
export async function answersOk(url: string, timeoutMs = 3000): Promise<boolean> {
  try {
    const response = await request(url, { headersTimeout: timeoutMs });
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}

/** Whether something already accepts connections at `origin` (`http://host:port`). */
export function listening(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
