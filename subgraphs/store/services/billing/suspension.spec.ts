import { Installation, Store } from '../../entities';
import { isWithheld, suspensionOf } from './suspension';

describe('suspension', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const store = (paidUntil: string) => new Store({ name: 'S', ownerId: 'u', languages: ['es'], mainLanguage: 'es', paidUntil: new Date(paidUntil) });
  const installation = (paidUntil: string | null) => new Installation({ storeId: 1, appId: 1, tokenHash: 'h', scopes: 'read_products', paidUntil: paidUntil === null ? null : new Date(paidUntil) });

  it('suspends nothing while the store and a paid installation are paid', () => {
    expect(suspensionOf({ store: store('2026-06-02T00:00:00Z'), installation: installation(null) }, now)).toBeUndefined();
    expect(suspensionOf({ store: store('2026-06-02T00:00:00Z'), installation: installation('2026-06-01T00:00:01Z') }, now)).toBeUndefined();
  });

  it('suspends when the store or a paid installation has run out', () => {
    expect(suspensionOf({ store: store('2026-06-01T00:00:00Z'), installation: installation(null) }, now)).toMatch(/store is suspended/);
    expect(suspensionOf({ store: store('2026-07-01T00:00:00Z'), installation: installation('2026-05-31T23:59:59Z') }, now)).toMatch(/app is suspended/);
  });
});

describe('withholding webhooks', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const paid = { paidUntil: new Date('2026-07-01T00:00:00Z') };
  const lapsedStore = { paidUntil: new Date('2026-05-01T00:00:00Z') };

  it('withholds from a suspended installation before the sweep announces it, and until its resumption is announced', () => {
    expect(isWithheld({ store: paid, installation: { paidUntil: null, suspendedSince: null } }, now)).toBe(false);
    expect(isWithheld({ store: lapsedStore, installation: { paidUntil: null, suspendedSince: null } }, now)).toBe(true);
    expect(isWithheld({ store: paid, installation: { paidUntil: null, suspendedSince: new Date('2026-05-01T00:00:00Z') } }, now)).toBe(true);
  });
});
