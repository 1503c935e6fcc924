import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Asset {
  type: string;
  body: string;
}

export interface AssetServer {
  /** `http://127.0.0.1:<port>`: as the store allows script and image URLs on the loopback. */
  url: string;
  assets: Map<string, Asset>;
  close(): Promise<void>;
}

/** A third party's static files (an app's storefront script, product pictures), on a free loopback port. */
export async function startAssetServer(): Promise<AssetServer> {
  const assets = new Map<string, Asset>();
  const server: Server = createServer((req, res) => {
    const asset = assets.get(req.url ?? '');
    if (!asset) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-store' });
    res.end(asset.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    assets,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A square SVG picture of one colour with a label: a product photo stand-in. */
export function pictureSvg(colour: string, label: string): Asset {
  return {
    type: 'image/svg+xml',
    body: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#f4f6f9"/><circle cx="200" cy="185" r="120" fill="${colour}"/><text x="200" y="360" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#1d2433">${label}</text></svg>`,
  };
}
