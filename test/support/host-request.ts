import { request } from 'node:http';
import WebSocket from 'ws';
import type { JsonResponse } from './http';

/**
 * One HTTP request with the `Host` header given (fetch will not send another host than the URL's),
 * as a client that reached us through another DNS name would.
 */
export function requestWithHost<T = any>(url: string, host: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<JsonResponse<T>> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: { ...init.headers, host } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = text === '' ? undefined : JSON.parse(text);
        } catch {
          // not JSON: keep the text so the assertion shows it
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve({ status: res.statusCode!, headers, body: body as T });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Opens a WebSocket with the `Host` header given; resolves with the refusal's status and body, or `open`. */
export function upgradeWithHost(url: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any } | 'open'> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { ...headers, host } });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    socket.once('error', reject);
  });
}
