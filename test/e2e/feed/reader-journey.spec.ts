import { createBrand, feedAdminToken, feedUrl, getBrand, me, registerReader, uniqueEmail } from '../../support/feed';
import { postForm, send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDatabase('feed: a new reader from register to logout', (target) => {
  it('registers, logs in, edits, resets, follows a brand and logs out', async () => {
    const admin = await feedAdminToken(target);
    const featured = await createBrand(target, admin, { isFeatured: true, description: 'Featured one' });
    const plain = await createBrand(target, admin);

    const email = uniqueEmail('alice');
    const registered = await postForm(feedUrl(target, '/api/user/register'), { name: 'Alice', email, password: 'Secret123' });
    expect(registered.status).toBe(201);
    expect(Object.keys(registered.body)).toEqual(['token', 'email', 'name', '_id', 'subscriptions', 'created_at']);
    expect(registered.body).toEqual({ token: expect.any(String), email, name: 'Alice', _id: expect.stringMatching(ID), subscriptions: [], created_at: expect.stringMatching(ISO_MS) });
    const { token, _id } = registered.body;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const login = await postForm(feedUrl(target, '/api/user/login'), { email, password: 'Secret123' });
    expect(login).toMatchObject({ status: 200, body: { token } });
    expect(Object.keys(login.body)).toEqual(['token']);

    const current = await me(target, token);
    expect(current.status).toBe(200);
    expect(Object.keys(current.body)).toEqual(['_id', 'token', 'email', 'name', 'isAdmin', 'subscriptions', 'created_at']);
    expect(current.body).toEqual({ _id, token, email, name: 'Alice', isAdmin: false, subscriptions: [], created_at: registered.body.created_at });

    const newEmail = uniqueEmail('alicia');
    const edited = await postForm(feedUrl(target, '/api/user/edit', token), { name: 'Alicia', email: newEmail }, {}, 'PUT');
    expect(edited).toMatchObject({ status: 200, body: { message: 'Profile successfully changed.' } });

    const reset = await postForm(feedUrl(target, '/api/user/reset', token), { currentPassword: 'Secret123', newPassword: 'Secret456' });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Password successfully changed' } });
    expect((await postForm(feedUrl(target, '/api/user/login'), { email: newEmail, password: 'Secret123' })).status).toBe(401);
    expect(await postForm(feedUrl(target, '/api/user/login'), { email: newEmail, password: 'Secret456' })).toMatchObject({ status: 200, body: { token } });

    const all = await send(feedUrl(target, '/api/brand/list'));
    expect(all.status).toBe(200);
    expect(all.body.map((b: { _id: string }) => b._id)).toEqual(expect.arrayContaining([featured._id, plain._id]));
    const featuredList = await send(feedUrl(target, '/api/brand/list/featured'));
    expect(featuredList.body.map((b: { _id: string }) => b._id)).toContain(featured._id);
    expect(featuredList.body.map((b: { _id: string }) => b._id)).not.toContain(plain._id);
    expect(featuredList.body.every((b: { isFeatured: boolean }) => b.isFeatured)).toBe(true);

    const one = await getBrand(target, featured._id);
    expect(one.status).toBe(200);
    expect(Object.keys(one.body)).toEqual(['_id', 'availability', 'featuredImage', 'url', 'description', 'name', 'isFeatured', 'products', 'subscriberCount']);
    expect(one.body).toEqual({ ...featured, products: [], subscriberCount: 0 });

    const subscribed = await send(feedUrl(target, `/api/subscribe/${featured._id}`, token), { method: 'POST' });
    expect(subscribed).toMatchObject({ status: 200, body: { message: 'Successfully Subscribed' } });
    const following = await me(target, token);
    expect(following.body).toMatchObject({ name: 'Alicia', email: newEmail });
    expect(following.body.subscriptions).toEqual([{ ...featured, products: [], subscriberCount: 1 }]);
    expect((await getBrand(target, featured._id)).body.subscriberCount).toBe(1);

    const unsubscribed = await send(feedUrl(target, `/api/unsubscribe/${featured._id}`, token), { method: 'POST' });
    expect(unsubscribed).toMatchObject({ status: 200, body: { message: 'Successfully Unsubscribed' } });
    expect((await me(target, token)).body.subscriptions).toEqual([]);
    expect((await getBrand(target, featured._id)).body.subscriberCount).toBe(0);

    const logout = await send(feedUrl(target, '/api/user/logout', token), { method: 'POST' });
    expect(logout).toMatchObject({ status: 200, body: { message: 'You have successfully logged out.' } });
    expect(await me(target, token)).toMatchObject({ status: 401, body: { message: 'The access token is invalid' } });

    const again = await postForm(feedUrl(target, '/api/user/login'), { email: newEmail, password: 'Secret456' });
    expect(again.status).toBe(200);
    expect(again.body.token).not.toBe(token);
    expect((await me(target, again.body.token)).status).toBe(200);
  });

  it('accepts JSON bodies as well as forms, and the token as an X-Access-Token header', async () => {
    const email = uniqueEmail('json');
    const registered = await send(feedUrl(target, '/api/user/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Jason', email, password: 'Secret123' }),
    });
    expect(registered.status).toBe(201);
    const viaHeader = await send(feedUrl(target, '/api/user/me'), { headers: { 'x-access-token': registered.body.token } });
    expect(viaHeader).toMatchObject({ status: 200, body: { email, name: 'Jason' } });
  });

  it('makes the addresses of FEED_ADMIN_EMAILS admins', async () => {
    const token = await feedAdminToken(target);
    expect((await me(target, token)).body.isAdmin).toBe(true);
  });

  it('gives simultaneous logins one and the same token', async () => {
    const reader = await registerReader(target);
    await send(feedUrl(target, '/api/user/logout', reader.token), { method: 'POST' });
    const logins = await Promise.all(Array.from({ length: 6 }, () => postForm(feedUrl(target, '/api/user/login'), { email: reader.email, password: reader.password })));
    const tokens = new Set(logins.map((login) => login.body.token));
    expect(tokens.size).toBe(1);
    expect((await me(target, [...tokens][0])).status).toBe(200);
  });
});
