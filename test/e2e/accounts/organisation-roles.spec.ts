import { signUp, type TestUser } from '../../support/accounts';
import { bearer, graphql } from '../../support/http';
import { describeEachDatabase, type StackTarget } from '../../support/targets';

const CREATE = 'mutation($name: String!) { createOrganisation(name: $name) { id name } }';
const ADD = 'mutation($org: ID!, $user: ID!, $role: OrganisationRole!) { addMember(organisationId: $org, userId: $user, role: $role) { role } }';
const CHANGE = 'mutation($org: ID!, $user: ID!, $role: OrganisationRole!) { changeRole(organisationId: $org, userId: $user, role: $role) { role } }';
const REMOVE = 'mutation($org: ID!, $user: ID!) { removeMember(organisationId: $org, userId: $user) }';
const MEMBERS = 'query($org: ID!) { organisation(id: $org) { name members { role user { id username } } } }';

describeEachDatabase('accounts: organisations and roles', (target: StackTarget) => {
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let orgId: string;

  const as = (user: TestUser, query: string, variables: Record<string, unknown> = {}) => graphql(target, query, variables, bearer(user.token));
  const codeOf = (result: { errors?: Array<{ extensions?: { code?: string } }> }) => result.errors?.[0]?.extensions?.code;
  const roles = async () => {
    const result = await as(admin, MEMBERS, { org: orgId });
    return Object.fromEntries(result.data.organisation.members.map((m: { role: string; user: { id: string } }) => [m.user.id, m.role]));
  };

  beforeEach(async () => {
    [admin, member, outsider] = await Promise.all([signUp(target, 'admin'), signUp(target, 'member'), signUp(target, 'outsider')]);
    orgId = (await as(admin, CREATE, { name: 'Roles Inc' })).data.createOrganisation.id;
    expect(codeOf(await as(admin, ADD, { org: orgId, user: member.userId, role: 'member' }))).toBeUndefined();
  });

  it('the creator is the admin and members are listed with roles', async () => {
    expect(await roles()).toEqual({ [admin.userId]: 'admin', [member.userId]: 'member' });
  });

  it('the last admin can be neither demoted nor removed', async () => {
    const demote = await as(admin, CHANGE, { org: orgId, user: admin.userId, role: 'member' });
    expect(codeOf(demote)).toBe('CONFLICT');
    expect(demote.errors![0].extensions!.field).toBe('userId');
    expect(codeOf(await as(admin, REMOVE, { org: orgId, user: admin.userId }))).toBe('CONFLICT');
    expect(await roles()).toEqual({ [admin.userId]: 'admin', [member.userId]: 'member' });
  });

  it('with a second admin, the first may step down', async () => {
    expect(codeOf(await as(admin, CHANGE, { org: orgId, user: member.userId, role: 'admin' }))).toBeUndefined();
    expect(codeOf(await as(admin, CHANGE, { org: orgId, user: admin.userId, role: 'member' }))).toBeUndefined();
    const result = await as(member, MEMBERS, { org: orgId });
    expect(result.data.organisation.members).toHaveLength(2);
  });

  it('a member cannot add, promote, remove others, rename or delete', async () => {
    expect(codeOf(await as(member, ADD, { org: orgId, user: outsider.userId, role: 'member' }))).toBe('FORBIDDEN');
    expect(codeOf(await as(member, CHANGE, { org: orgId, user: member.userId, role: 'admin' }))).toBe('FORBIDDEN');
    expect(codeOf(await as(member, REMOVE, { org: orgId, user: admin.userId }))).toBe('FORBIDDEN');
    expect(codeOf(await as(member, 'mutation($id: ID!) { renameOrganisation(id: $id, name: "x") { id } }', { id: orgId }))).toBe('FORBIDDEN');
    expect(codeOf(await as(member, 'mutation($id: ID!) { deleteOrganisation(id: $id) }', { id: orgId }))).toBe('FORBIDDEN');
    expect(await roles()).toEqual({ [admin.userId]: 'admin', [member.userId]: 'member' });
  });

  it('a member may leave', async () => {
    expect((await as(member, REMOVE, { org: orgId, user: member.userId })).data.removeMember).toBe(true);
    expect(await roles()).toEqual({ [admin.userId]: 'admin' });
  });

  it('an outsider sees no organisation and cannot change it', async () => {
    expect(codeOf(await as(outsider, MEMBERS, { org: orgId }))).toBe('NOT_FOUND');
    expect(codeOf(await as(outsider, ADD, { org: orgId, user: outsider.userId, role: 'admin' }))).toBe('NOT_FOUND');
    expect(await roles()).toEqual({ [admin.userId]: 'admin', [member.userId]: 'member' });
  });

  it('refuses duplicate members, unknown users and bad names', async () => {
    expect(codeOf(await as(admin, ADD, { org: orgId, user: member.userId, role: 'admin' }))).toBe('CONFLICT');
    expect(codeOf(await as(admin, ADD, { org: orgId, user: 'usr-00000000-0000-4000-8000-000000000000', role: 'member' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await as(admin, CREATE, { name: '   ' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await as(admin, CREATE, { name: 'x'.repeat(101) }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await as(admin, ADD, { org: orgId, user: outsider.userId, role: 'owner' }))).toBe('BAD_USER_INPUT');
    expect(await roles()).toEqual({ [admin.userId]: 'admin', [member.userId]: 'member' });
  });

  it('an admin renames and deletes; a deleted organisation is gone', async () => {
    const renamed = await as(admin, 'mutation($id: ID!) { renameOrganisation(id: $id, name: "New Name") { name } }', { id: orgId });
    expect(renamed.data.renameOrganisation.name).toBe('New Name');
    expect((await as(admin, 'mutation($id: ID!) { deleteOrganisation(id: $id) }', { id: orgId })).data.deleteOrganisation).toBe(true);
    expect(codeOf(await as(admin, MEMBERS, { org: orgId }))).toBe('NOT_FOUND');
  });

  it('requires a token for every organisation call', async () => {
    const result = await graphql(target, CREATE, { name: 'Anon' });
    expect(codeOf(result)).toBe('UNAUTHENTICATED');
  });

  it('shows email only to its owner', async () => {
    const own = await as(member, '{ me { id email memberships { role organisation { id } } } }');
    expect(own.data.me.email).toBe(`${member.username}@example.com`);
    expect(own.data.me.memberships).toEqual([{ role: 'member', organisation: { id: orgId } }]);
    const other = await as(outsider, 'query($id: ID!) { user(id: $id) { username email memberships { role } } }', { id: member.userId });
    expect(other.data.user).toEqual({ username: member.username, email: null, memberships: [] });
  });
});
