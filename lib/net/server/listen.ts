import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts listening and resolves with the bound port (useful when asked for port 0). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
