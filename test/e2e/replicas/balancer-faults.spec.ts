import { createServer, type Server } from 'node:http';
import { SUBGRAPH_NAMES, subgraphVariables } from '../../../lib/config';
import { closeServer, listen } from '../../../lib/net';
import { graphql, postJson } from '../../support/http';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';

/** HAProxy's own pages when no replica could answer: a replica died mid-request, none is up, one timed out. */
const BALANCER_PAGES = [502, 503, 504];

/** A load balancer none of whose replicas answers: each request gets the next of its error pages, in HTML. */
async function deadBalancer(): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((req, res) => {
    req.resume();
    const status = BALANCER_PAGES[next++ % BALANCER_PAGES.length];
    res.writeHead(status, { 'content-type': 'text/html', 'cache-control': 'no-cache' }).end(`<html><body><h1>${status}</h1>\nNo server is available.\n</body></html>\n`);
  });
  const port = await listen(server, 0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, server };
}

describe('behind a load balancer whose upstream replicas are all gone', () => {
  let balancer: { url: string; server: Server };
  let gateway: OwnStack;
  let shim: OwnStack;

  beforeAll(async () => {
    balancer = await deadBalancer();
    const subgraphsBehindIt = Object.fromEntries(SUBGRAPH_NAMES.map((name) => [subgraphVariables(name).url, `${balancer.url}/graphql`]));
    gateway = await launchOwnStack(subgraphsBehindIt, { only: ['gateway'] });
    // A shim in front of gateway replicas (the remote topology): its operations go over HTTP to the balancer.
    shim = await launchOwnStack({ SHIM_GATEWAY: 'remote', GATEWAY_URL: `${balancer.url}/graphql` }, { only: ['rest-shim'] });
  }, 150_000);

  afterAll(async () => {
    await shim?.stop();
    await gateway?.stop();
    if (balancer) await closeServer(balancer.server);
  });

  it("the gateway answers the balancer's 502, 503 and 504 pages as a 503-coded error naming the subgraph, not an anonymous 500", async () => {
    for (const status of BALANCER_PAGES) {
      const answer = await graphql(gateway.target, '{ me { id } }');
      expect({ status, error: answer.errors?.[0] }).toEqual({ status, error: expect.objectContaining({ message: 'The accounts service is unavailable', extensions: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) }) });
    }
  });

  it('the shim answers them as the gateway being unavailable: 503 with Retry-After, which a client may retry', async () => {
    for (const status of BALANCER_PAGES) {
      const answer = await postJson(`${shim.target.shimUrl}/user/createFromEmailPassword`, { username: 'lb_user', email: 'lb@example.com', password: 'Secret123' });
      expect({ status, answer: answer.status, retryAfter: answer.headers.get('retry-after'), body: answer.body }).toEqual({
        status,
        answer: 503,
        retryAfter: expect.stringMatching(/^[0-9]+$/),
        body: expect.objectContaining({ error: 'The API gateway is unavailable' }),
      });
    }
  });
});
