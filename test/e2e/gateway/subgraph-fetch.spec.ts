import { bearer, graphql } from '../../support/http';
import { signUp, type TestUser } from '../../support/accounts';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';
import { describeEachDatabase } from '../../support/targets';

const ME = 'query Me { me { id username } }';

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

  it('never shares mutations: each identical one runs', async () => {
    const names = await Promise.all(
      Array.from({ length: 5 }, () => graphql<{ createOrganisation: { id: string } }>(target, 'mutation { createOrganisation(name: "Twin") { id } }', {}, bearer(alice.token))),
    );
    const ids = names.map((answer) => answer.data?.createOrganisation.id);
    expect(new Set(ids).size).toBe(5);
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
