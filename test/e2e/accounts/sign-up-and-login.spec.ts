import { signUp } from '../../support/accounts';
import { bearer, graphql, postJson, send, uniqueName } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('accounts: sign up, log in, read the payload', (target) => {
  it('creates a user, logs in and reads the payload through the shim', async () => {
    const username = uniqueName('alice');
    const created = await postJson(`${target.shimUrl}/user/createFromEmailPassword`, {
      username,
      email: `${username}@example.com`,
      password: 'Secret123',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ token: expect.any(String), user_id: expect.stringMatching(/^usr-[0-9a-f-]{36}$/), username });

    const login = await postJson(`${target.shimUrl}/auth/login`, { username, password: 'Secret123' });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['token']);

    const payload = await send(`${target.shimUrl}/auth/payload`, { headers: bearer(login.body.token) });
    expect(payload.status).toBe(200);
    expect(payload.body.payload).toMatchObject({ sub: created.body.user_id, orgs: [], ttl: '3600' });
    expect(payload.body.payload.exp).toBe(payload.body.payload.iat + 3600);
  });

  it('creates an organisation over GraphQL and sees it in orgs and perms after refresh', async () => {
    const [owner, member] = await Promise.all([signUp(target, 'owner'), signUp(target, 'member')]);

    const created = await graphql(target, 'mutation($name: String!) { createOrganisation(name: $name) { id name } }', { name: 'Acme' }, bearer(owner.token));
    expect(created.errors).toBeUndefined();
    const orgId = created.data.createOrganisation.id;
    expect(orgId).toMatch(/^org-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const added = await graphql(
      target,
      'mutation($org: ID!, $user: ID!) { addMember(organisationId: $org, userId: $user, role: member) { role user { id } } }',
      { org: orgId, user: member.userId },
      bearer(owner.token),
    );
    expect(added.errors).toBeUndefined();
    expect(added.data.addMember).toEqual({ role: 'member', user: { id: member.userId } });

    const refreshed = await postJson(`${target.shimUrl}/auth/refresh`, {}, bearer(owner.token));
    expect(refreshed.status).toBe(200);
    const payload = await send(`${target.shimUrl}/auth/payload`, { headers: bearer(refreshed.body.token) });
    expect(payload.body.payload.orgs).toEqual([orgId]);
    expect(payload.body.payload.perms.organisation.update).toEqual({ organisationId: [orgId] });
  });
});
