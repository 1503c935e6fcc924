import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { parse, Kind } from 'graphql';
import { freePort } from '../../support/free-port';

/** The supergraph `npm run schema` composed, as the running stack's subgraphs serve it. */
export const COMMITTED = readFileSync(join(__dirname, '..', '..', '..', 'schema', 'supergraph.graphql'), 'utf8');

/** The gateway's hash of a supergraph text (supergraph-checks): the first 16 hex digits of its SHA-256. */
export const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The committed supergraph without one root field (with its description): the subgraphs still serve it, the gateway does not. */
export function withoutQueryField(field: string): string {
  const query = parse(COMMITTED).definitions.find((definition) => definition.kind === Kind.OBJECT_TYPE_DEFINITION && definition.name.value === 'Query');
  const node = query && 'fields' in query ? query.fields?.find((candidate) => candidate.name.value === field) : undefined;
  if (!node?.loc) throw new Error(`The committed supergraph has no Query.${field}`);
  return COMMITTED.slice(0, node.loc.start) + COMMITTED.slice(node.loc.end);
}

/** Supergraphs the gateway must refuse, by the reason its metric names. */
export const BROKEN = {
  /** Not GraphQL. */
  parse: 'type Query { this is not GraphQL',
  /** GraphQL, but no supergraph. */
  notSupergraph: 'type Query { hello: String }',
  /** A supergraph in shape whose field names a subgraph it does not have: only @apollo/gateway's validation finds it. */
  invalid: COMMITTED.replace('@join__field(graph: FEED)', '@join__field(graph: NOWHERE)'),
  /** The committed text cut inside the Query type, as a writer stopped mid-write leaves it. */
  truncated: COMMITTED.slice(0, COMMITTED.indexOf('type Query') + 40),
};

/** Replaces a file as editors and `npm run schema` do: a new file renamed over the old. */
export function replaceFile(path: string, text: string): void {
  writeFileSync(`${path}.next`, text);
  renameSync(`${path}.next`, path);
}

/** A tiny supergraph server: the text it serves, with an ETag, answering 304 to a matching If-None-Match. */
export class SupergraphServer {
  text = '';
  status = 200;
  readonly requests: Array<{ ifNoneMatch?: string; answered: number }> = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(text: string): Promise<SupergraphServer> {
    const port = await freePort();
    let self: SupergraphServer;
    const server = createServer((req, res) => {
      const etag = `"${hashOf(self.text)}"`;
      const ifNoneMatch = req.headers['if-none-match'];
      const answered = self.status !== 200 ? self.status : ifNoneMatch === etag ? 304 : 200;
      self.requests.push({ ifNoneMatch, answered });
      if (answered === 200) res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', etag }).end(self.text);
      else res.writeHead(answered, answered === 304 ? { etag } : {}).end();
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    self = new SupergraphServer(server, `http://127.0.0.1:${port}/supergraph.graphql`);
    self.text = text;
    return self;
  }

  get etag(): string {
    return `"${hashOf(this.text)}"`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
