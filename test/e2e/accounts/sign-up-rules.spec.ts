import { signUp } from '../../support/accounts';
import { postForm, postJson, send, uniqueName } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('accounts: sign-up rules', (target) => {
  const create = (body: unknown) => postJson(`${target.shimUrl}/user/createFromEmailPassword`, body);
  const login = (username: string, password = 'Secret123') => postJson(`${target.shimUrl}/auth/login`, { username, password });
  const fresh = () => {
    const username = uniqueName('new');
    return { username, email: `${username}@example.com`, password: 'Secret123' };
  };

  /** A refused sign-up leaves no account behind: its username is still free to sign up with. */
  const expectNothingCreated = async (username: unknown) => {
    if (typeof username !== 'string' || !/^\w{5,20}$/.test(username)) return; // no such account can exist
    expect((await create({ ...fresh(), username })).status).toBe(200);
  };

  it.each([
    ['username', { username: undefined }, 'username is required'],
    ['email', { email: undefined }, 'email is required'],
    ['password', { password: undefined }, 'password is required'],
    ['username', { username: 12345 }, 'username must be a string'],
    ['email', { email: ['a@b.co'] }, 'email must be a string'],
    ['password', { password: { value: 'Secret123' } }, 'password must be a string'],
    ['username', { username: 'abcd' }, /5 to 20/],
    ['username', { username: 'a'.repeat(21) }, /5 to 20/],
    ['username', { username: 'bad name!' }, /letters, digits or underscores/],
    ['email', { email: 'not-an-email' }, 'email must be a valid address'],
    ['email', { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.com` }, 'email must be a valid address'],
    ['password', { password: 'Short1A' }, /8 to 128/],
    ['password', { password: `Aa1${'x'.repeat(126)}` }, /8 to 128/],
    ['password', { password: 'alllowercase1' }, /uppercase/],
    ['password', { password: 'NoDigitsHere' }, /digit/],
  ])('400 on field %s for %j', async (field, change, message) => {
    const body = { ...fresh(), ...change };
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.stringMatching(message), field });
    await expectNothingCreated(body.username);
  });

  it('409 on a username taken in another case, and nothing changes', async () => {
    const existing = await signUp(target);
    const response = await create({ ...fresh(), username: existing.username.toUpperCase() });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'username is already taken', field: 'username' });
    expect((await login(existing.username)).status).toBe(200);
  });

  it('409 on an email taken in another case', async () => {
    const existing = await signUp(target);
    const body = { ...fresh(), email: `${existing.username}@EXAMPLE.com` };
    const response = await create(body);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'email is already registered', field: 'email' });
    await expectNothingCreated(body.username);
  });

  it('accepts a form-encoded body', async () => {
    const body = fresh();
    const response = await postForm(`${target.shimUrl}/user/createFromEmailPassword`, body);
    expect(response.status).toBe(200);
    expect(response.body.username).toBe(body.username);
  });

  it('400 on malformed JSON, and nothing is created', async () => {
    const response = await send(`${target.shimUrl}/user/createFromEmailPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": "half',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('400 when the body is a JSON array or scalar', async () => {
    for (const body of ['[]', '"text"', 'null']) {
      const response = await send(`${target.shimUrl}/user/createFromEmailPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
      expect(response.body.field).toBe('username');
    }
  });

  it('413 on a body over 1 MiB, and nothing is created', async () => {
    const body = { ...fresh(), padding: 'x'.repeat(1024 * 1024 + 1) };
    const response = await create(body);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'The request body exceeds 1 MiB' });
    await expectNothingCreated(body.username);
  });

  it('the same refusal for an unknown user and a wrong password', async () => {
    const user = await signUp(target);
    const unknown = await login(uniqueName('ghost'));
    const wrong = await login(user.username, 'Wrong1234');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'Invalid username or password' });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('logs in case-insensitively by username, also form-encoded', async () => {
    const user = await signUp(target);
    const response = await postForm(`${target.shimUrl}/auth/login`, { username: user.username.toUpperCase(), password: user.password });
    expect(response.status).toBe(200);
  });

  it.each([
    [{ password: 'Secret123' }, 'username'],
    [{ username: 'someone' }, 'password'],
    [{ username: 5, password: 'Secret123' }, 'username'],
    [{ username: 'someone', password: true }, 'password'],
  ])('login 400 for %j', async (body, field) => {
    const response = await postJson(`${target.shimUrl}/auth/login`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.any(String), field });
  });

  it.each([
    ['GET', '/auth/login', 'POST'],
    ['DELETE', '/user/createFromEmailPassword', 'POST'],
    ['POST', '/auth/payload', 'GET, HEAD'],
    ['PUT', '/.well-known/jwks.json', 'GET, HEAD'],
  ])('405 with Allow for %s %s', async (method, path, allow) => {
    const response = await send(`${target.shimUrl}${path}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(response.body).toEqual({ error: expect.any(String) });
  });
});
