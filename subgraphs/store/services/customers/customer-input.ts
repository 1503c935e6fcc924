import { FieldErrors, invalidField } from '../../../../lib/errors';
import { optionalText } from '../catalog/field-rules';

/** The fields of an address as callers write them (a customer's, or an order's). */
export const ADDRESS_FIELDS = [
  ['address', 200],
  ['number', 50],
  ['floor', 100],
  ['locality', 100],
  ['city', 100],
  ['province', 100],
  ['zipcode', 20],
  ['country', 2],
  ['phone', 50],
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number][0];
export type AddressValues = Record<AddressField, string | null>;

export interface AddressFields extends Partial<Record<AddressField, string | null>> {
  default?: boolean | null;
}

/** The written fields of a customer, as GraphQL hands them over (absent: undefined). */
export interface CustomerFields {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  identification?: string | null;
  note?: string | null;
  acceptsMarketing?: boolean | null;
  addresses?: AddressFields[] | null;
  billingAddress?: string | null;
  billingNumber?: string | null;
  billingFloor?: string | null;
  billingLocality?: string | null;
  billingZipcode?: string | null;
  billingCity?: string | null;
  billingProvince?: string | null;
  billingCountry?: string | null;
  billingPhone?: string | null;
  extra?: Record<string, unknown> | null;
}

export interface CustomerChanges {
  name?: string;
  email?: string;
  phone?: string | null;
  identification?: string | null;
  note?: string | null;
  acceptsMarketing?: boolean;
  /** The whole list, replacing the customer's; the default one marked. */
  addresses?: Array<AddressValues & { isDefault: boolean }>;
  billing?: Partial<AddressValues>;
  extra?: Record<string, unknown>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_ADDRESSES = 20;
const MAX_EXTRA_BYTES = 10_000;

/** An e-mail address as stored and compared: trimmed and lower-cased. */
export function readEmail(field: string, value: string | null | undefined): string {
  const email = (value ?? '').trim().toLowerCase();
  if (email === '') throw invalidField(field, "can't be blank");
  if (email.length > 254 || !EMAIL.test(email)) throw invalidField(field, 'is invalid');
  return email;
}

/** One address's fields; `country` is an ISO 3166-1 alpha-2 code (kept upper-case). */
export function readAddress(errors: FieldErrors, prefix: string, fields: Partial<Record<AddressField, string | null>>): AddressValues {
  const values = {} as AddressValues;
  for (const [key, max] of ADDRESS_FIELDS) {
    const value = errors.check(() => optionalText(`${prefix}${key}`, fields[key] ?? null, max)) ?? null;
    values[key] = key === 'country' && value !== null ? value.toUpperCase() : value;
  }
  if (values.country !== null && !/^[A-Z]{2}$/.test(values.country)) errors.add(`${prefix}country`, 'must be an ISO 3166-1 alpha-2 code');
  return values;
}

const BILLING_KEYS = {
  billingAddress: 'address',
  billingNumber: 'number',
  billingFloor: 'floor',
  billingLocality: 'locality',
  billingZipcode: 'zipcode',
  billingCity: 'city',
  billingProvince: 'province',
  billingCountry: 'country',
  billingPhone: 'phone',
} as const satisfies Partial<Record<keyof CustomerFields, AddressField>>;

/** Reads a customer input (name and email required on create); every field at fault in one 422. */
export function readCustomerFields(fields: CustomerFields, creating: boolean): CustomerChanges {
  const errors = new FieldErrors();
  const changes: CustomerChanges = {};
  if (fields.name !== undefined || creating) {
    const name = errors.check(() => optionalText('name', fields.name ?? null, 200));
    if (name === null) errors.add('name', "can't be blank");
    else if (name !== undefined) changes.name = name;
  }
  if (fields.email !== undefined || creating) changes.email = errors.check(() => readEmail('email', fields.email));
  for (const [key, max] of [['phone', 50], ['identification', 50], ['note', 10_000]] as const) {
    if (fields[key] !== undefined) changes[key] = errors.check(() => optionalText(key, fields[key] ?? null, max)) ?? null;
  }
  if (fields.acceptsMarketing !== undefined) {
    if (fields.acceptsMarketing === null) errors.add('accepts_marketing', 'must be true or false');
    else changes.acceptsMarketing = fields.acceptsMarketing;
  }
  if (fields.addresses !== undefined) changes.addresses = readAddressList(errors, fields.addresses ?? []);
  const billing: Partial<AddressValues> = {};
  for (const [key, part] of Object.entries(BILLING_KEYS) as Array<[keyof typeof BILLING_KEYS, AddressField]>) {
    if (fields[key] === undefined) continue;
    billing[part] = readAddress(errors, 'billing_', { [part]: fields[key] })[part];
  }
  if (Object.keys(billing).length > 0) changes.billing = billing;
  if (fields.extra !== undefined) {
    const extra = fields.extra ?? {};
    if (JSON.stringify(extra).length > MAX_EXTRA_BYTES) errors.add('extra', `is too long (maximum is ${MAX_EXTRA_BYTES} characters as JSON)`);
    changes.extra = extra;
  }
  errors.throwIfAny();
  return changes;
}

/** A list of addresses: the one marked `default` (at most one), else the first, is the default. */
function readAddressList(errors: FieldErrors, list: AddressFields[]): Array<AddressValues & { isDefault: boolean }> {
  if (list.length > MAX_ADDRESSES) errors.add('addresses', `must have at most ${MAX_ADDRESSES} addresses`);
  const marked = list.filter((address) => address.default === true).length;
  if (marked > 1) errors.add('addresses', 'must have at most one default address');
  const defaultIndex = Math.max(0, list.findIndex((address) => address.default === true));
  return list.map((address, index) => ({ ...readAddress(errors, `addresses[${index}].`, address), isDefault: index === defaultIndex }));
}
