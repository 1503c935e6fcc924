import { createBrand, feedAdminToken, feedUrl, getBrand, me, registerReader, type Reader } from '../../support/feed';
import { subscriptionRows } from '../../support/feed-rows';
import { send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('feed: subscriberCount under concurrent requests', (target) => {
  let admin: string;
  let readers: Reader[];
  beforeAll(async () => {
    admin = await feedAdminToken(target);
    readers = await Promise.all(Array.from({ length: 25 }, (_, i) => registerReader(target, `Reader ${i}`)));
  });

  const change = (action: 'subscribe' | 'unsubscribe', brandId: string, reader: Reader) =>
    send(feedUrl(target, `/api/${action}/${brandId}`, reader.token), { method: 'POST' });
  const countOf = async (brandId: string) => (await getBrand(target, brandId)).body.subscriberCount;
  const follows = async (reader: Reader, brandId: string) =>
    (await me(target, reader.token)).body.subscriptions.some((b: { _id: string }) => b._id === brandId);

  it('counts 25 readers once each after 50 concurrent subscribes, and 15 after 10 concurrent unsubscribes', async () => {
    const brand = await createBrand(target, admin);
    const subscribes = await Promise.all(readers.flatMap((reader) => [change('subscribe', brand._id, reader), change('subscribe', brand._id, reader)]));
    expect(subscribes.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await countOf(brand._id)).toBe(25);
    expect(await subscriptionRows(target, brand._id)).toBe(25);

    const unsubscribes = await Promise.all(readers.slice(0, 10).map((reader) => change('unsubscribe', brand._id, reader)));
    expect(unsubscribes.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await countOf(brand._id)).toBe(15);
    expect(await subscriptionRows(target, brand._id)).toBe(15);
    expect(await Promise.all(readers.map((reader) => follows(reader, brand._id)))).toEqual(readers.map((_, i) => i >= 10));
  });

  it('keeps the count equal to the rows when subscribes and unsubscribes of the same readers race', async () => {
    const brand = await createBrand(target, admin);
    const racing = readers.flatMap((reader, i) => [
      change('subscribe', brand._id, reader),
      change('subscribe', brand._id, reader),
      ...(i < 10 ? [change('unsubscribe', brand._id, reader)] : []),
    ]);
    expect((await Promise.all(racing)).every((r) => r.status === 200)).toBe(true);
    const rows = await subscriptionRows(target, brand._id);
    expect(await countOf(brand._id)).toBe(rows);
    expect(rows).toBeGreaterThanOrEqual(15);
    const following = await Promise.all(readers.map((reader) => follows(reader, brand._id)));
    expect(following.filter(Boolean)).toHaveLength(rows);
  });
});
