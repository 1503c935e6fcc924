import { postForm, postJson, send, uniqueName } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';

/** The fake code host of the test stacks treats `ch-<id>-<login>` as that account's token. */
const codehostId = () => 100_000 + Math.floor(Math.random() * 1_000_000_000);

describeEachDatabase('accounts: sign-up from the code host', (target) => {
  const create = (body: unknown) => postJson(`${target.shimUrl}/user/createFromCodeHost`, body);

  it('creates a user whose code-host token proves the id', async () => {
    const id = codehostId();
    const username = uniqueName('octo');
    const response = await create({ username, codehost_id: id, access_token: `ch-${id}-octo` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), user_id: expect.stringMatching(/^usr-/), username });
  });

  it('accepts form-encoded bodies, where the id is text', async () => {
    const id = codehostId();
    const response = await postForm(`${target.shimUrl}/user/createFromCodeHost`, { username: uniqueName('form'), codehost_id: String(id), access_token: `ch-${id}-x` });
    expect(response.status).toBe(200);
  });

  it('409 on a code-host id that already has an account', async () => {
    const id = codehostId();
    expect((await create({ username: uniqueName('first'), codehost_id: id, access_token: `ch-${id}-a` })).status).toBe(200);
    const again = await create({ username: uniqueName('second'), codehost_id: id, access_token: `ch-${id}-a` });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: expect.any(String), field: 'codehost_id' });
  });

  it('401 on field access_token when the token belongs to someone else, and nothing is created', async () => {
    const id = codehostId();
    const username = uniqueName('thief');
    const response = await create({ username, codehost_id: id, access_token: `ch-${id + 1}-other` });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: expect.any(String), field: 'access_token' });
    // The username is still free.
    expect((await create({ username, codehost_id: id, access_token: `ch-${id}-me` })).status).toBe(200);
  });

  it('401 on field access_token when the code host rejects the token', async () => {
    const response = await create({ username: uniqueName('bad'), codehost_id: codehostId(), access_token: 'revoked' });
    expect(response.status).toBe(401);
    expect(response.body.field).toBe('access_token');
  });

  it('502 on field access_token when the code host cannot be reached', async () => {
    const response = await create({ username: uniqueName('down'), codehost_id: codehostId(), access_token: 'ch-hangup' });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ error: expect.any(String), field: 'access_token' });
  });

  it.each([0, -4, 1.5, 2 ** 53, 'abc', true, null])('400 on field codehost_id for %j', async (value) => {
    const response = await create({ username: uniqueName('num'), codehost_id: value, access_token: 'ch-1-x' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.any(String), field: 'codehost_id' });
  });

  it.each([
    [{ codehost_id: 5, access_token: 'ch-5-x' }, 'username'],
    [{ username: 'valid_name', access_token: 'ch-5-x' }, 'codehost_id'],
    [{ username: 'valid_name', codehost_id: 5 }, 'access_token'],
    [{ username: 'valid_name', codehost_id: 5, access_token: 7 }, 'access_token'],
    [{ username: 'x', codehost_id: 5, access_token: 'ch-5-x' }, 'username'],
  ])('400 for %j on field %s', async (body, field) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
  });

  describe('the createFromGitHub alias', () => {
    it('takes github_id and answers like createFromCodeHost', async () => {
      const id = codehostId();
      const username = uniqueName('gh');
      const response = await postJson(`${target.shimUrl}/user/createFromGitHub`, { username, github_id: id, access_token: `ch-${id}-gh` });
      expect(response.status).toBe(200);
      expect(response.body.username).toBe(username);
    });

    it('accepts ids beyond 32 bits, as code hosts hand out', async () => {
      const id = 2 ** 31 + Math.floor(Math.random() * 1_000_000);
      const response = await postJson(`${target.shimUrl}/user/createFromGitHub`, { username: uniqueName('big'), github_id: id, access_token: `ch-${id}-big` });
      expect(response.status).toBe(200);
    });

    it('requires github_id and answers other methods with 405', async () => {
      const missing = await postJson(`${target.shimUrl}/user/createFromGitHub`, { username: uniqueName('gh'), access_token: 'ch-1-x' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'github_id is required', field: 'github_id' });
      const wrongMethod = await send(`${target.shimUrl}/user/createFromGitHub`);
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('allow')).toBe('POST');
    });

    it('names github_id in its errors', async () => {
      const response = await postJson(`${target.shimUrl}/user/createFromGitHub`, { username: uniqueName('gh'), github_id: -1, access_token: 'ch-1-x' });
      expect(response.status).toBe(400);
      expect(response.body.field).toBe('github_id');
    });
  });
});
