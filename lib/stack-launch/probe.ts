import { get } from 'node:http';
import { connect } from 'node:net';

/**
 * Whether `url` answers 200 now; not listening yet, or slower than `timeoutMs`, is not yet.
 * node:http, not undici: the launcher probes before anything else runs, and undici alone took
 * it 47 ms to load. A connection of its own each time, so none is left open to a part.
 */
export function answersOk(url: string, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    probe.once('timeout', () => probe.destroy());
    probe.once('error', () => resolve(false));
  });
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
