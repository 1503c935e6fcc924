import { request } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

/**
 * The HTTP requests of the community Python client `tiendanube` 1.1 (PyPI; source
 * github.com/catalanojuan/tiendanube-python, `tiendanube/api.py` and `resources/base.py`), rebuilt
 * from what that source sends; none of its code is here. What it puts on the wire (with
 * `requests` 1.2.3, its pinned HTTP library):
 *
 * - every request: `Authentication: bearer <key>`, `User-Agent` (default `MyNubeApp
 *   (mynubeapp.com)`), and requests' own `Accept: *\/*` and `Accept-Encoding: gzip, deflate, compress`;
 * - `GET /v1/{store}/{resource}` (`list(filters, fields)`): the filters as query parameters, each
 *   value `str()`-ed (a datetime is first written with `isoformat()`: `2013-01-01T00:00:00+00:00`,
 *   or with microseconds, or without an offset when naive), plus `fields` when given; no query
 *   string at all for `list()`;
 * - `GET /v1/{store}/{resource}/{id}` (`get(id)`);
 * - `POST /v1/{store}/{resource}` (`add(dict)`) and `PUT /v1/{store}/{resource}/{dict["id"]}`
 *   (`update(dict)`: the whole dict, `id` included) with `json.dumps` of the dict (`", "` and
 *   `": "` separators, non-ASCII as `\uXXXX`) and `Content-Type: application/json; charset=utf-8`.
 *   The client sets that header on its one shared header dict, so every later request of the
 *   client, GETs included, carries it too;
 * - it has no delete and no order actions; any status but 200 or 201 raises `APIError`, and a
 *   success is read with `json.loads` into attribute objects (`bunchify`).
 */
export class PythonClientWire {
  private readonly headers: Record<string, string>;

  constructor(
    private readonly shimUrl: string,
    private readonly storeId: number,
    apiKey: string,
    userAgent = 'MyNubeApp (mynubeapp.com)',
  ) {
    this.headers = { 'Accept-Encoding': 'gzip, deflate, compress', Accept: '*/*', 'User-Agent': userAgent, Authentication: `bearer ${apiKey}` };
  }

  /** `resource.list(filters, fields)`. */
  list(resource: string, filters: Record<string, string | number> = {}, fields?: string): Promise<PythonAnswer> {
    const extra: Record<string, string> = Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)]));
    if (fields) extra.fields = fields;
    const query = new URLSearchParams(extra).toString();
    return this.send('GET', `/${resource}${query ? `?${query}` : ''}`);
  }

  /** `resource.get(id)`. */
  get(resource: string, id: number): Promise<PythonAnswer> {
    return this.send('GET', `/${resource}/${id}`);
  }

  /** `resource.add(dict)`. */
  add(resource: string, dict: Record<string, unknown>): Promise<PythonAnswer> {
    return this.send('POST', `/${resource}`, dict);
  }

  /** `resource.update(dict)`: PUT to the dict's own id, the dict as the body. */
  update(resource: string, dict: Record<string, unknown>): Promise<PythonAnswer> {
    return this.send('PUT', `/${resource}/${String(dict.id)}`, dict);
  }

  private send(method: string, path: string, payload?: Record<string, unknown>): Promise<PythonAnswer> {
    let body: Buffer | undefined;
    if (payload !== undefined) {
      this.headers['Content-Type'] = 'application/json; charset=utf-8';
      body = Buffer.from(pythonJsonDumps(payload), 'ascii');
    }
    const url = new URL(`${this.shimUrl}/v1/${this.storeId}${path}`);
    const headers = { ...this.headers, ...(body && { 'Content-Length': String(body.length) }) };
    return new Promise((resolve, reject) => {
      const outgoing = request(url, { method, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = incoming.headers['content-encoding'];
          const text = (encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw).toString('utf8');
          resolve({ status: incoming.statusCode ?? 0, ok: incoming.statusCode === 200 || incoming.statusCode === 201, contentType: incoming.headers['content-type'], text });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
}

export interface PythonAnswer {
  status: number;
  /** What the client accepts; anything else raises its `APIError`. */
  ok: boolean;
  contentType?: string;
  text: string;
}

/** `json.loads` of an accepted answer, as the client does before `bunchify`. */
export function loads<T = any>(answer: PythonAnswer): T {
  if (!answer.ok) throw new Error(`the client would raise APIError: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

/** Python's `json.dumps` with its defaults: `", "` and `": "` separators, ASCII only. */
export function pythonJsonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .map(([key, inner]) => `${asciiJson(key)}: ${pythonJsonDumps(inner)}`)
      .join(', ')}}`;
  }
  return typeof value === 'string' ? asciiJson(value) : JSON.stringify(value);
}

const asciiJson = (text: string) => JSON.stringify(text).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
