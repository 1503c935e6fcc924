import { bearer, graphql } from '../../support/http';
import { sampleSum, scrape } from '../../support/scrape';
import type { StackUrls } from '../../support/stack-urls';
import { signUp, type TestUser } from '../../support/accounts';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';
import { describeEachDatabase } from '../../support/targets';

const ME = 'query Me { me { id username } }';

/** The gateway's answer as it is sent: status, type and text. */
async function answerText(target: StackUrls, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await fetch(target.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describeEachDatabase('gateway subgraph fetches', (target) => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUp(target, 'share_a'), signUp(target, 'share_b')]);
  });

  it('shares identical queries in flight only between callers with the same credentials', async () => {
    const callers = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? alice : bob));
    const answers = await Promise.all(callers.map((user) => graphql(target, ME, {}, bearer(user.token))));
    answers.forEach((answer, i) => expect(answer).toEqual({ data: { me: { id: callers[i].userId, username: callers[i].username } } }));
    const anonymous = await graphql(target, ME);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("shares a fetch of public data alone among callers of other credentials, each keeping its own private answer", async () => {
    // `brands` is public by the feed's hints (shared whoever asks); `me` is each caller's own.
    const mixed = 'query MeAndBrands { me { id username } brands { _id name } }';
    const callers = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? alice : bob));
    const answers = await Promise.all(callers.map((user) => graphql<{ me: unknown; brands: unknown[] }>(target, mixed, {}, bearer(user.token))));
    // Other suites may add brands meanwhile: each list is a list of brands, whichever moment it is from.
    answers.forEach((answer, i) => expect(answer).toEqual({ data: { me: { id: callers[i].userId, username: callers[i].username }, brands: expect.any(Array) } }));
    for (const { data } of answers) for (const brand of data!.brands) expect(brand).toEqual({ _id: expect.any(String), name: expect.any(String) });
  });

  it('never shares mutations: each identical one runs', async () => {
    const names = await Promise.all(
      Array.from({ length: 5 }, () => graphql<{ createOrganisation: { id: string } }>(target, 'mutation { createOrganisation(name: "Twin") { id } }', {}, bearer(alice.token))),
    );
    const ids = names.map((answer) => answer.data?.createOrganisation.id);
    expect(new Set(ids).size).toBe(5);
  });

  // The first execution of a document is the executor's (which plans it); later ones of an
  // operation one subgraph answers whole pass that subgraph's answer on (lib/gateway-core/forwarding).
  it("answers an operation one subgraph answers whole with the same bytes whether shaped or passed on, errors and refused variables too", async () => {
    const tag = target.dialect;
    const mine = `query WholeMe${tag} { me { id username } }`;
    const counted = async (outcome: string) => sampleSum(await scrape(`http://127.0.0.1:${target.env.GATEWAY_METRICS_PORT}/metrics`), 'gateway_forwarded_answers_total', { subgraph: 'accounts', outcome });
    const forwarded = () => counted('forwarded');
    const before = await forwarded();
    const first = await answerText(target, mine, {}, bearer(alice.token));
    expect(JSON.parse(first.text)).toEqual({ data: { me: { id: alice.userId, username: alice.username } } });
    for (let again = 0; again < 3; again += 1) expect(await answerText(target, mine, {}, bearer(alice.token))).toEqual(first);
    // The three after the first were passed on, not shaped.
    expect((await forwarded()) - before).toBeGreaterThanOrEqual(3);

    const anonymous = await answerText(target, mine);
    expect(JSON.parse(anonymous.text).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const shapedBefore = await counted('shaped');
    expect(await answerText(target, mine)).toEqual(anonymous);
    // Fetched on the forwarding path, then shaped by the executor from that one fetch.
    expect((await counted('shaped')) - shapedBefore).toBeGreaterThanOrEqual(1);

    const organisation = `query WholeOrganisation${tag}($id: ID!) { organisation(id: $id) { id name } }`;
    const refused = await answerText(target, organisation, { id: { not: 'an id' } }, bearer(alice.token));
    expect(JSON.parse(refused.text)).toMatchObject({ errors: [{ message: expect.stringContaining('$id') }] });
    expect(JSON.parse(refused.text).data ?? null).toBeNull();
    expect(await answerText(target, organisation, { id: { not: 'an id' } }, bearer(alice.token))).toEqual(refused);
  });

  it('writes an answer passed on as the same bytes alone, in a batch and to a browser', async () => {
    const tag = target.dialect;
    const name = `Açaí ☕ 東京 ${tag}`;
    const created = await graphql<{ createOrganisation: { id: string } }>(target, 'mutation ($name: String!) { createOrganisation(name: $name) { id } }', { name }, bearer(alice.token));
    const id = created.data!.createOrganisation.id;
    const query = `query WholeName${tag}($id: ID!) { organisation(id: $id) { id name } }`;
    const first = await answerText(target, query, { id }, bearer(alice.token));
    expect(JSON.parse(first.text)).toEqual({ data: { organisation: { id, name } } });
    const again = await answerText(target, query, { id }, bearer(alice.token));
    expect(again).toEqual(first);

    const send = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(target.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(alice.token), ...headers }, body: JSON.stringify(body) });
    const batch = await send([{ query, variables: { id } }, { query, variables: { id } }]);
    expect(batch.status).toBe(200);
    expect(await batch.text()).toBe(`[${first.text},${first.text}]`);
    // A browser's call (with an Origin) is answered by the express route.
    const browser = await send({ query, variables: { id } }, { origin: 'http://localhost:3000' });
    expect(browser.status).toBe(200);
    expect(Buffer.from(await browser.arrayBuffer()).equals(Buffer.from(first.text))).toBe(true);
  });

  it('runs a mutation passed on once per call, and one its subgraph refuses changes nothing', async () => {
    const tag = target.dialect;
    const create = `mutation WholeCreate${tag}($name: String!) { createOrganisation(name: $name) { id name } }`;
    const made: Array<{ id: string; name: string }> = [];
    for (const name of ['Once A', 'Once B', 'Once C']) {
      const answer = JSON.parse((await answerText(target, create, { name }, bearer(bob.token))).text);
      expect(answer.errors).toBeUndefined();
      made.push(answer.data.createOrganisation);
    }
    expect(made.map((organisation) => organisation.name)).toEqual(['Once A', 'Once B', 'Once C']);
    expect(new Set(made.map((organisation) => organisation.id)).size).toBe(3);

    const rename = `mutation WholeRename${tag}($id: ID!, $name: String!) { renameOrganisation(id: $id, name: $name) { id name } }`;
    const refusals = [];
    for (let attempt = 0; attempt < 3; attempt += 1) refusals.push(await answerText(target, rename, { id: made[0].id, name: '' }, bearer(bob.token)));
    expect(JSON.parse(refusals[0].text).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(refusals[1]).toEqual(refusals[0]);
    expect(refusals[2]).toEqual(refusals[0]);
    const read = await graphql(target, 'query ($id: ID!) { organisation(id: $id) { name } }', { id: made[0].id }, bearer(bob.token));
    expect(read).toEqual({ data: { organisation: { name: 'Once A' } } });
  });
});

describe('gateway with GATEWAY_MAX_SUBGRAPH_RESPONSE_BYTES', () => {
  let stack: OwnStack;

  beforeAll(async () => {
    // Enough root fields and aliases for one operation to ask more than the cap.
    stack = await launchOwnStack({ GATEWAY_MAX_SUBGRAPH_RESPONSE_BYTES: '2048', GATEWAY_MAX_ROOT_FIELDS: '40', GATEWAY_MAX_ALIASES: '40' });
  }, 150_000);

  afterAll(() => stack?.stop());

  it('fails a fetch whose answer is larger with a 503-coded error naming the subgraph, and keeps serving', async () => {
    const user = await signUp(stack.target, 'cap');
    const big = await graphql(stack.target, `query { ${Array.from({ length: 35 }, (_, i) => `m${i}: me { id username }`).join(' ')} }`, {}, bearer(user.token));
    expect(big.data ?? null).toBeNull();
    expect(big.errors?.[0]).toMatchObject({ message: 'The accounts service answered more than 2048 bytes', extensions: { code: 'SERVICE_UNAVAILABLE' } });
    expect(await graphql(stack.target, '{ me { id } }', {}, bearer(user.token))).toEqual({ data: { me: { id: user.userId } } });
  });
});
