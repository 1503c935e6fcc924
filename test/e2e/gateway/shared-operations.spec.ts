import { signUp, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/eventually';
import { gatedProxy, type GatedProxy } from '../../support/gated-proxy';
import { bearer } from '../../support/http';
import { launchGatewayBeside, type OwnStack } from '../../support/own-stack';
import { sampleSum, scrape } from '../../support/scrape';
import { stackTargets } from '../../support/targets';

const ME = 'query SharedMe { me { id username } }';

interface Answer {
  status: number;
  type: string | null;
  text: string;
}

/**
 * A gateway of its own beside the stack, its accounts subgraph behind a gate: a query to accounts
 * stays in flight until the test opens the gate, so what arrives meanwhile arrives while it runs.
 */
describe('identical queries in flight for the same caller (GATEWAY_SHARE_OPERATIONS)', () => {
  const [target] = stackTargets();
  let accounts: GatedProxy;
  let gateway: OwnStack;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    accounts = await gatedProxy(`http://127.0.0.1:${target.env.ACCOUNTS_PORT}`);
    accounts.open(); // the gateway's readiness asks accounts
    gateway = await launchGatewayBeside(target, { ACCOUNTS_URL: `${accounts.url}/graphql` });
    [alice, bob] = await Promise.all([signUp(target, 'shared_a'), signUp(target, 'shared_b')]);
  }, 150_000);

  afterAll(async () => {
    accounts?.open();
    await gateway?.stop();
    await new Promise((resolve) => accounts?.server.close(resolve));
  });

  const shared = async () => sampleSum(await scrape(`http://127.0.0.1:${gateway.target.env.GATEWAY_METRICS_PORT}/metrics`), 'gateway_shared_operations_total');

  async function send(headers: Record<string, string>, query = ME): Promise<Answer> {
    const response = await fetch(gateway.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  }

  /** Sends alice's `me` and waits until its fetch is held at the gate (its answer in a box: an async function's promise would wait for it). */
  async function firstHeld(): Promise<{ answer: Promise<Answer> }> {
    const asked = accounts.asked();
    const first = send(bearer(alice.token));
    await eventually(() => accounts.asked() > asked, 20_000, 'the first query reaching accounts');
    return { answer: first };
  }

  it('answers a second caller with the same credentials from the run in flight, and runs the others on their own', async () => {
    const before = await shared();
    accounts.close();
    let answers: Answer[];
    try {
      const { answer: first } = await firstHeld();
      const twin = send(bearer(alice.token));
      await eventually(async () => (await shared()) > before, 20_000, 'the identical query joining the first');
      const asked = accounts.asked();
      const otherCaller = send(bearer(bob.token));
      const otherFormat = send({ ...bearer(alice.token), accept: 'application/graphql-response+json' });
      const otherDocument = send(bearer(alice.token), 'query SharedMeAgain { me { id username } }');
      // Bob's credentials reach accounts in a fetch of their own.
      await eventually(() => accounts.asked() > asked, 20_000, "the other caller's query reaching accounts");
      accounts.open();
      answers = await Promise.all([first, twin, otherCaller, otherFormat, otherDocument]);
    } finally {
      accounts.open();
    }
    const [first, twin, otherCaller, otherFormat, otherDocument] = answers;
    const mine = { data: { me: { id: alice.userId, username: alice.username } } };
    expect(JSON.parse(first.text)).toEqual(mine);
    expect(twin).toEqual(first);
    expect(JSON.parse(otherCaller.text)).toEqual({ data: { me: { id: bob.userId, username: bob.username } } });
    // Its own answer, in the format it asked for: not the first one's.
    expect(otherFormat.type).toMatch(/^application\/graphql-response\+json/);
    expect(first.type).toMatch(/^application\/json/);
    expect(JSON.parse(otherFormat.text)).toEqual(mine);
    expect(JSON.parse(otherDocument.text)).toEqual(mine);
    // Only the twin joined.
    expect((await shared()) - before).toBe(1);

    // Nothing is kept once the run settles: the next identical query runs and reaches accounts.
    const asked = accounts.asked();
    expect(await send(bearer(alice.token))).toEqual(first);
    expect(accounts.asked()).toBeGreaterThan(asked);
    expect((await shared()) - before).toBe(1);
  });

  it('gives a failed run to every caller that joined it, and keeps nothing of it', async () => {
    const before = await shared();
    accounts.close();
    accounts.fail(true);
    let answers: Answer[];
    try {
      const { answer: first } = await firstHeld();
      const twin = send(bearer(alice.token));
      await eventually(async () => (await shared()) > before, 20_000, 'the identical query joining the first');
      accounts.open();
      answers = await Promise.all([first, twin]);
    } finally {
      accounts.fail(false);
      accounts.open();
    }
    const [first, twin] = answers;
    expect(twin).toEqual(first);
    const failed = JSON.parse(first.text);
    expect(failed.data?.me ?? null).toBeNull();
    expect(failed.errors?.length).toBeGreaterThan(0);
    expect(JSON.parse((await send(bearer(alice.token))).text)).toEqual({ data: { me: { id: alice.userId, username: alice.username } } });
  });

  it('never joins mutations: identical ones in flight each run', async () => {
    const before = await shared();
    const create = 'mutation SharedCreate { createOrganisation(name: "Twin") { id } }';
    accounts.close();
    let answers: Answer[];
    try {
      const asked = accounts.asked();
      const sent = [send(bearer(alice.token), create), send(bearer(alice.token), create)];
      // Both reach accounts while neither has an answer.
      await eventually(() => accounts.asked() >= asked + 2, 20_000, 'both mutations reaching accounts');
      accounts.open();
      answers = await Promise.all(sent);
    } finally {
      accounts.open();
    }
    const ids = answers.map((answer) => JSON.parse(answer.text).data.createOrganisation.id);
    expect(new Set(ids).size).toBe(2);
    expect((await shared()) - before).toBe(0);
  });
});
