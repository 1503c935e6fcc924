import type { Socket } from 'node:net';
import WebSocket from 'ws';

/** How often the socket is checked, and how long a pong may take before it counts as dead. */
const HEARTBEAT_MS = 10_000;

/**
 * The WebSocket graphql-ws runs the control channel over. Two things differ from plain `ws`:
 * the upgrade request carries the API key headers, and the socket does not keep the process
 * alive (like the background threads of SDKs in other languages), so a script that forgets
 * `shutdown()` still exits; its own pings, on an unref'd timer, detect a dead connection.
 */
export function controlSocketClass(headers: Record<string, string>): new (url: string, protocols?: string | string[]) => WebSocket {
  return class ControlSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
      let alive = true;
      const heartbeat = setInterval(() => {
        if (!alive) {
          this.terminate();
          return;
        }
        alive = false;
        if (this.readyState === WebSocket.OPEN) this.ping();
      }, HEARTBEAT_MS);
      heartbeat.unref();
      this.on('pong', () => (alive = true));
      this.on('message', () => (alive = true));
      this.once('open', () => {
        // ws keeps the net.Socket in `_socket` and has no public way to unref it
        (this as unknown as { _socket?: Socket })._socket?.unref();
      });
      this.once('close', () => clearInterval(heartbeat));
    }
  };
}
