import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { subgraphVariables } from '../../../lib/config';
import { fromDist } from '../../support/from-dist';
import { feedUrl, registerReader } from '../../support/feed';
import { postForm, send } from '../../support/http';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';
import { newKey, newOperator, newWorkflow } from '../../support/tenants';
import { signedPost } from '../../support/guard-fixtures';

// Replicas of the feed must share its database to share sessions: PostgreSQL (CI sets
// TEST_DATABASE_URL). On SQLite the second replica runs only a shim and a gateway.
const sharedDatabase = Boolean(process.env.TEST_DATABASE_URL);
const itOnSharedDatabase = sharedDatabase ? it : it.skip;

describe('replicas given only the same SECRET_KEY', () => {
  const secretKey = randomBytes(32).toString('hex');
  const running: OwnStack[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  let a: OwnStack;
  let b: OwnStack;
  let stranger: OwnStack;

  beforeAll(async () => {
    let database: NodeJS.ProcessEnv = { USE_EMBEDDED_DB: 'true' };
    if (sharedDatabase) {
      const { createScratchPostgres } = fromDist<typeof import('../../../lib/db')>('lib/db');
      const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!, 'switchyard_replicas');
      cleanups.push(scratch.drop);
      database = { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url };
    }
    a = await launchOwnStack({ ...database, SECRET_KEY: secretKey });
    running.push(a);
    // B: its own data directory and ports, the same database; the subgraphs it does not run are A's.
    const elsewhere = (name: 'accounts' | 'feed' | 'guard') => ({ [subgraphVariables(name).url]: `http://127.0.0.1:${a.target.env[subgraphVariables(name).port]}/graphql` });
    b = await launchOwnStack(
      { ...database, SECRET_KEY: secretKey, ...elsewhere('accounts'), ...elsewhere('guard'), ...(sharedDatabase ? {} : elsewhere('feed')) },
      { only: sharedDatabase ? ['feed', 'gateway', 'rest-shim'] : ['gateway', 'rest-shim'] },
    );
    running.push(b);
    // A shim with another SECRET_KEY in front of A's gateway (sending its operations there, not
    // embedding a gateway of its own): its vouching must count for nothing.
    stranger = await launchOwnStack({ SECRET_KEY: randomBytes(32).toString('hex'), GATEWAY_URL: a.gatewayUrl, SHIM_GATEWAY: 'remote' }, { only: ['rest-shim'] });
    running.push(stranger);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(running.map((stack) => stack.stop()));
    for (const cleanup of cleanups) await cleanup();
  });

  it('write no secret to their data directories', () => {
    for (const stack of [a, b]) {
      for (const file of ['internal-token', 'feed-session-secret', 'store-app-secret-key']) expect(existsSync(join(stack.target.env.DATA_DIR, file))).toBe(false);
    }
  });

  it("accept each other's vouching headers: a signed gate call through B's shim and gateway reaches A's guard with its body digest", async () => {
    const operator = await newOperator(a.target);
    const workflow = await newWorkflow(a.target, operator);
    const issued = await newKey(a.target, operator, { workflowId: workflow.id, signingRequired: true });
    const body = { tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 100 };

    const throughB = await signedPost(b.target, '/gate', issued, body);
    expect(throughB.status).toBe(200);
    expect(throughB.body.decision).toBe('allow');
    // the same call vouched with another key: the digest is not believed, so the signature cannot be checked
    const throughStranger = await signedPost(stranger.target, '/gate', issued, body);
    expect(throughStranger.status).toBe(401);
    expect(throughStranger.body.error_code).toMatch(/^SIGNATURE_/);
  });

  itOnSharedDatabase("accept each other's feed tokens, and a login on either hands back the same one", async () => {
    const reader = await registerReader(a.target);
    const me = await send(feedUrl(b.target, '/api/user/me', reader.token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: reader._id, email: reader.email, token: reader.token });

    const loginB = await postForm(feedUrl(b.target, '/api/user/login'), { email: reader.email, password: reader.password });
    expect(loginB.status).toBe(200);
    expect(loginB.body.token).toBe(reader.token);
    const loginA = await postForm(feedUrl(a.target, '/api/user/login'), { email: reader.email, password: reader.password });
    expect(loginA.body.token).toBe(reader.token);
  });
});
