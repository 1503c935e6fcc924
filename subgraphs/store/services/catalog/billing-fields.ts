/** The fields of a place, as customers' and orders' stored billing addresses hold them. */
type StoredPlace = Partial<Record<'address' | 'number' | 'floor' | 'locality' | 'zipcode' | 'city' | 'province' | 'country' | 'phone', string | null>>;

/** A billing address written out in fields (`billing_city`…), as customers and orders answer it (customer.md, order.md). */
export interface BillingFieldsView {
  billingAddress: string | null;
  billingNumber: string | null;
  billingFloor: string | null;
  billingLocality: string | null;
  billingZipcode: string | null;
  billingCity: string | null;
  billingProvince: string | null;
  billingCountry: string | null;
  billingPhone: string | null;
}

export function billingFieldsOf(billing: StoredPlace): BillingFieldsView {
  return {
    billingAddress: billing.address ?? null,
    billingNumber: billing.number ?? null,
    billingFloor: billing.floor ?? null,
    billingLocality: billing.locality ?? null,
    billingZipcode: billing.zipcode ?? null,
    billingCity: billing.city ?? null,
    billingProvince: billing.province ?? null,
    billingCountry: billing.country ?? null,
    billingPhone: billing.phone ?? null,
  };
}
