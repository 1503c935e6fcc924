import { feedUrl, me, registerReader, uniqueEmail } from '../../support/feed';
import { postForm, send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('feed: account routes refuse bad input and change nothing', (target) => {
  const register = (fields: Record<string, string>) => postForm(feedUrl(target, '/api/user/register'), fields);
  const login = (fields: Record<string, string>) => postForm(feedUrl(target, '/api/user/login'), fields);
  const canLogIn = async (email: string, password: string) => (await login({ email, password })).status === 200;

  describe('register', () => {
    it.each([
      ['name', { email: 'x@example.com', password: 'Secret123' }, 'name is required'],
      ['email', { name: 'X', password: 'Secret123' }, 'email is required'],
      ['password', { name: 'X', email: 'x@example.com' }, 'password is required'],
    ])('400 when %s is missing', async (field, fields, message) => {
      const email = 'email' in fields ? uniqueEmail() : undefined;
      const response = await register({ ...fields, ...(email && { email }) });
      expect(response).toMatchObject({ status: 400, body: { message, field } });
      if (email) expect(await canLogIn(email, 'Secret123')).toBe(false);
    });

    it.each([
      ['email', { name: 'X', password: 'Secret123', email: 'not-an-address' }, 'email must be a valid address'],
      ['password', { name: 'X', password: 'short1A' }, 'password must be 8 to 128 characters long'],
      ['password', { name: 'X', password: 'alllowercase1' }, 'password must contain an uppercase letter, a lowercase letter and a digit'],
      ['name', { name: '   ', password: 'Secret123' }, 'name is required'],
      ['name', { name: 'n'.repeat(101), password: 'Secret123' }, 'name must be at most 100 characters'],
    ])('400 for an invalid %s', async (field, fields, message) => {
      const email = uniqueEmail();
      const response = await register({ email, ...fields });
      expect(response).toMatchObject({ status: 400, body: { message, field } });
      expect(Object.keys(response.body)).toEqual(['message', 'field']);
      expect(await canLogIn(email, fields.password)).toBe(false);
    });

    it('400 for a field of the wrong type in JSON', async () => {
      const email = uniqueEmail();
      const response = await send(feedUrl(target, '/api/user/register'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: ['a'], email, password: 'Secret123' }),
      });
      expect(response).toMatchObject({ status: 400, body: { message: 'name must be a string', field: 'name' } });
      expect(await canLogIn(email, 'Secret123')).toBe(false);
    });

    it('400 for a repeated form field', async () => {
      const email = uniqueEmail();
      const response = await send(feedUrl(target, '/api/user/register'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `name=a&name=b&email=${encodeURIComponent(email)}&password=Secret123`,
      });
      expect(response).toMatchObject({ status: 400, body: { field: 'name' } });
      expect(await canLogIn(email, 'Secret123')).toBe(false);
    });

    it('400 for malformed JSON and 413 for a body over 1 MiB', async () => {
      const malformed = await send(feedUrl(target, '/api/user/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
      expect(malformed).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON' } });
      const email = uniqueEmail();
      const huge = await postForm(feedUrl(target, '/api/user/register'), { name: 'x'.repeat(1024 * 1024 + 1), email, password: 'Secret123' });
      expect(huge).toMatchObject({ status: 413, body: { message: 'The request body exceeds 1 MiB' } });
      expect(await canLogIn(email, 'Secret123')).toBe(false);
    });

    it('409 when the email is taken, whatever its case; the first account keeps its password', async () => {
      const reader = await registerReader(target);
      const response = await register({ name: 'Copy', email: reader.email.toUpperCase(), password: 'Other1234' });
      expect(response).toMatchObject({ status: 409, body: { message: 'email is already registered', field: 'email' } });
      expect(await canLogIn(reader.email, reader.password)).toBe(true);
      expect(await canLogIn(reader.email, 'Other1234')).toBe(false);
    });

    it('405 for another method', async () => {
      const response = await send(feedUrl(target, '/api/user/register'));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    });
  });

  describe('login', () => {
    it('401 with the same message for a wrong password and an unknown address', async () => {
      const reader = await registerReader(target);
      const wrong = await login({ email: reader.email, password: 'Wrong1234' });
      const unknown = await login({ email: uniqueEmail(), password: 'Wrong1234' });
      expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
      expect(unknown).toEqual({ ...wrong, headers: unknown.headers });
      expect((await me(target, reader.token)).status).toBe(200);
    });

    it('400 when a field is missing', async () => {
      expect(await login({ email: uniqueEmail() })).toMatchObject({ status: 400, body: { field: 'password' } });
      expect(await login({ password: 'Secret123' })).toMatchObject({ status: 400, body: { field: 'email' } });
    });

    it('accepts the address in another case', async () => {
      const reader = await registerReader(target);
      expect(await login({ email: reader.email.toUpperCase(), password: reader.password })).toMatchObject({ status: 200, body: { token: reader.token } });
    });
  });

  describe('token-protected routes', () => {
    const protectedRoutes: Array<[string, string, Record<string, string>]> = [
      ['POST', '/api/user/reset', { currentPassword: 'Secret123', newPassword: 'Secret456' }],
      ['PUT', '/api/user/edit', { name: 'N', email: 'n@example.com' }],
      ['POST', '/api/user/logout', {}],
      ['GET', '/api/user/me', {}],
    ];

    it.each(protectedRoutes)('%s %s: 401 without a token, with a made-up one and with a logged-out one', async (method, path, fields) => {
      const reader = await registerReader(target);
      const stale = await registerReader(target);
      await send(feedUrl(target, '/api/user/logout', stale.token), { method: 'POST' });
      const call = (token?: string) =>
        method === 'GET' ? send(feedUrl(target, path, token)) : postForm(feedUrl(target, path, token), fields, {}, method);
      expect(await call()).toMatchObject({ status: 401, body: { message: 'An access token is required' } });
      expect(await call('')).toMatchObject({ status: 401, body: { message: 'An access token is required' } });
      expect(await call('made-up')).toMatchObject({ status: 401, body: { message: 'The access token is invalid' } });
      expect(await call(stale.token)).toMatchObject({ status: 401, body: { message: 'The access token is invalid' } });
      expect((await me(target, reader.token)).body.name).toBe('Reader');
      expect(await canLogIn(stale.email, stale.password)).toBe(true);
    });

    it('401 when access_token is given twice', async () => {
      const reader = await registerReader(target);
      const response = await send(`${feedUrl(target, '/api/user/me', reader.token)}&access_token=${reader.token}`);
      expect(response).toMatchObject({ status: 401, body: { message: 'access_token must be given once' } });
    });
  });

  describe('reset', () => {
    it('401 for a wrong current password and 400 for a weak new one; the password stays', async () => {
      const reader = await registerReader(target);
      const reset = (fields: Record<string, string>) => postForm(feedUrl(target, '/api/user/reset', reader.token), fields);
      expect(await reset({ currentPassword: 'Wrong1234', newPassword: 'Secret456' })).toMatchObject({
        status: 401,
        body: { message: 'Current password is incorrect', field: 'currentPassword' },
      });
      expect(await reset({ currentPassword: reader.password, newPassword: 'weak' })).toMatchObject({ status: 400, body: { field: 'newPassword' } });
      expect(await reset({ currentPassword: reader.password })).toMatchObject({ status: 400, body: { message: 'newPassword is required', field: 'newPassword' } });
      expect(await canLogIn(reader.email, reader.password)).toBe(true);
      expect(await canLogIn(reader.email, 'Secret456')).toBe(false);
    });
  });

  describe('edit', () => {
    it('400 for a missing or invalid field and 409 for a taken address; the profile stays', async () => {
      const reader = await registerReader(target);
      const other = await registerReader(target);
      const edit = (fields: Record<string, string>) => postForm(feedUrl(target, '/api/user/edit', reader.token), fields, {}, 'PUT');
      expect(await edit({ name: 'New' })).toMatchObject({ status: 400, body: { message: 'email is required', field: 'email' } });
      expect(await edit({ email: uniqueEmail() })).toMatchObject({ status: 400, body: { message: 'name is required', field: 'name' } });
      expect(await edit({ name: 'New', email: 'nope' })).toMatchObject({ status: 400, body: { field: 'email' } });
      expect(await edit({ name: 'New', email: other.email })).toMatchObject({ status: 409, body: { message: 'email is already registered', field: 'email' } });
      const unchanged = await me(target, reader.token);
      expect(unchanged.body).toMatchObject({ name: 'Reader', email: reader.email });
    });

    it('keeps one account per address when only the case changes', async () => {
      const reader = await registerReader(target);
      const upper = reader.email.toUpperCase();
      expect((await postForm(feedUrl(target, '/api/user/edit', reader.token), { name: 'Same', email: upper }, {}, 'PUT')).status).toBe(200);
      expect((await me(target, reader.token)).body).toMatchObject({ name: 'Same', email: upper });
    });
  });
});
