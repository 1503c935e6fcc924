import { createBrand, feedAdminToken, feedUrl, getBrand, me, registerReader } from '../../support/feed';
import { send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('feed: brand and subscription routes', (target) => {
  const post = (path: string, token?: string) => send(feedUrl(target, path, token), { method: 'POST' });
  let admin: string;
  beforeAll(async () => {
    admin = await feedAdminToken(target);
  });

  it('lists available brands only; the featured list holds only featured ones', async () => {
    const hidden = await createBrand(target, admin, { availability: false, isFeatured: true });
    const shown = await createBrand(target, admin, { isFeatured: true });
    const ids = async (path: string) => (await send(feedUrl(target, path))).body.map((b: { _id: string }) => b._id);
    expect(await ids('/api/brand/list')).toContain(shown._id);
    expect(await ids('/api/brand/list')).not.toContain(hidden._id);
    expect(await ids('/api/brand/list/featured')).toContain(shown._id);
    expect(await ids('/api/brand/list/featured')).not.toContain(hidden._id);
    expect((await getBrand(target, hidden._id)).body).toMatchObject({ _id: hidden._id, availability: false });
  });

  it('needs no token to read brands', async () => {
    const brand = await createBrand(target, admin);
    expect((await send(feedUrl(target, '/api/brand/list', 'made-up'))).status).toBe(200);
    expect((await getBrand(target, brand._id)).status).toBe(200);
  });

  it.each([
    ['an unknown id', '0123456789abcdef01234567'],
    ['an uppercase id', '0123456789ABCDEF01234567'],
    ['a short id', 'abc'],
    ['an id with other characters', 'zzzzzzzzzzzzzzzzzzzzzzzz'],
    ['an id that does not decode', '%E0%A4%A'],
  ])('404 for %s, on reads and on (un)subscribes', async (_case, id) => {
    const reader = await registerReader(target);
    expect(await send(feedUrl(target, `/api/brand/${id}`))).toMatchObject({ status: 404, body: { message: expect.stringMatching(/not found/i) } });
    expect(await post(`/api/subscribe/${id}`, reader.token)).toMatchObject({ status: 404 });
    expect(await post(`/api/unsubscribe/${id}`, reader.token)).toMatchObject({ status: 404 });
    expect((await me(target, reader.token)).body.subscriptions).toEqual([]);
  });

  it('401 for a missing or stale token on (un)subscribe, and the count stays', async () => {
    const brand = await createBrand(target, admin);
    const stale = await registerReader(target);
    await post('/api/user/logout', stale.token);
    for (const path of [`/api/subscribe/${brand._id}`, `/api/unsubscribe/${brand._id}`]) {
      expect(await post(path)).toMatchObject({ status: 401, body: { message: 'An access token is required' } });
      expect(await post(path, stale.token)).toMatchObject({ status: 401, body: { message: 'The access token is invalid' } });
      expect(await post(path, 'made-up')).toMatchObject({ status: 401, body: { message: 'The access token is invalid' } });
    }
    expect((await getBrand(target, brand._id)).body.subscriberCount).toBe(0);
  });

  it('answers a second subscribe and an unsubscribe when not subscribed with success, and counts once', async () => {
    const brand = await createBrand(target, admin);
    const reader = await registerReader(target);
    expect(await post(`/api/unsubscribe/${brand._id}`, reader.token)).toMatchObject({ status: 200, body: { message: 'Successfully Unsubscribed' } });
    expect((await getBrand(target, brand._id)).body.subscriberCount).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      expect(await post(`/api/subscribe/${brand._id}`, reader.token)).toMatchObject({ status: 200, body: { message: 'Successfully Subscribed' } });
    }
    expect((await getBrand(target, brand._id)).body.subscriberCount).toBe(1);
    expect((await me(target, reader.token)).body.subscriptions.map((b: { _id: string }) => b._id)).toEqual([brand._id]);
    for (let i = 0; i < 2; i += 1) {
      expect(await post(`/api/unsubscribe/${brand._id}`, reader.token)).toMatchObject({ status: 200, body: { message: 'Successfully Unsubscribed' } });
    }
    expect((await getBrand(target, brand._id)).body.subscriberCount).toBe(0);
  });

  it('lists subscriptions in the order they were made', async () => {
    const first = await createBrand(target, admin);
    const second = await createBrand(target, admin);
    const reader = await registerReader(target);
    await post(`/api/subscribe/${second._id}`, reader.token);
    await post(`/api/subscribe/${first._id}`, reader.token);
    expect((await me(target, reader.token)).body.subscriptions.map((b: { _id: string }) => b._id)).toEqual([second._id, first._id]);
  });

  it('answers other methods with 405 and unknown feed paths with 404, in the feed shape', async () => {
    const wrongMethod = await send(feedUrl(target, '/api/subscribe/0123456789abcdef01234567'));
    expect(wrongMethod).toMatchObject({ status: 405, body: { message: 'Use POST here' } });
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(await send(feedUrl(target, '/api/brand/list'), { method: 'DELETE' })).toMatchObject({ status: 405 });
    expect(await send(feedUrl(target, '/api/user/nothing-here'))).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });
});
