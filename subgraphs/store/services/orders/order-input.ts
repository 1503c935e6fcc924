import { FieldErrors, invalidField } from '../../../../lib/errors';
import { optionalText } from '../catalog/field-rules';
import { readAddress, readEmail, type AddressFields, type AddressValues } from '../customers/customer-input';
import { readHundredths } from '../language/money';

export const MAX_LINES = 100;
export const MAX_QUANTITY = 10_000;
export const CANCEL_REASONS = ['customer', 'inventory', 'fraud', 'other'] as const;
/** The payment states an order may be placed in; the rest come from actions. */
export const PLACED_PAYMENT_STATUSES = ['pending', 'authorized', 'paid'] as const;

export interface OrderLineFields {
  variantId?: number | null;
  quantity?: number | null;
  /** Sent by some clients; ignored: prices always come from the catalog. */
  price?: unknown;
}

export interface OrderCustomerFields {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  document?: string | null;
}

export interface OrderAddressFields extends AddressFields {
  name?: string | null;
  /** order.md's create body writes the name in two parts; `name` wins when both come. */
  firstName?: string | null;
  lastName?: string | null;
}

/** An order as an app creates it (REST body or GraphQL input). */
export interface OrderFields {
  products?: OrderLineFields[] | null;
  customer?: OrderCustomerFields | null;
  shippingAddress?: OrderAddressFields | null;
  billingAddress?: OrderAddressFields | null;
  shipping?: string | null;
  shippingOption?: string | null;
  shippingCostCustomer?: unknown;
  gateway?: string | null;
  paymentStatus?: string | null;
  note?: string | null;
  language?: string | null;
  coupon?: string | null;
  extra?: Record<string, unknown> | null;
}

export interface OrderAddress extends AddressValues {
  name: string | null;
}

export interface OrderCustomer {
  name: string;
  email: string;
  phone: string | null;
  identification: string | null;
}

/** What an order is placed with, checked; prices and totals are the placement's. */
export interface OrderDraft {
  lines: Array<{ variantId: number; quantity: number }>;
  customer: OrderCustomer;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  shipping: { code: string; name: string; cost: number };
  gateway: string;
  paymentStatus: (typeof PLACED_PAYMENT_STATUSES)[number];
  note: string | null;
  language?: string;
  couponCode?: string;
  extra: Record<string, unknown>;
  storefront: 'api' | 'store';
}

/** The lines of an order: each a variant id and a quantity of 1 to 10,000; a price sent is ignored. */
export function readLines(errors: FieldErrors, lines: OrderLineFields[] | null | undefined): Array<{ variantId: number; quantity: number }> {
  if (!lines || lines.length === 0) {
    errors.add('products', "can't be blank");
    return [];
  }
  if (lines.length > MAX_LINES) errors.add('products', `must have at most ${MAX_LINES} lines`);
  return lines.map((line, index) => {
    const variantId = line.variantId ?? 0;
    const quantity = line.quantity ?? 0;
    if (!Number.isInteger(variantId) || variantId < 1) errors.add(`products[${index}].variant_id`, "can't be blank");
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) errors.add(`products[${index}].quantity`, `must be an integer between 1 and ${MAX_QUANTITY}`);
    return { variantId, quantity };
  });
}

/** An address an order needs: street, number, city, province, zipcode and country (and the name on it). */
export function readOrderAddress(errors: FieldErrors, field: string, fields: OrderAddressFields | null | undefined, required: boolean): OrderAddress | undefined {
  if (!fields) {
    if (required) errors.add(field, "can't be blank");
    return undefined;
  }
  const values = readAddress(errors, `${field}.`, fields);
  const parts = [fields.firstName, fields.lastName].map((part) => part?.trim()).filter(Boolean);
  const given = fields.name ?? (parts.length > 0 ? parts.join(' ') : null);
  const name = errors.check(() => optionalText(`${field}.name`, given, 200)) ?? null;
  for (const key of ['address', 'number', 'city', 'province', 'zipcode', 'country'] as const) {
    if (values[key] === null) errors.add(`${field}.${key}`, "can't be blank");
  }
  return { name, ...values };
}

export function readOrderCustomer(errors: FieldErrors, fields: OrderCustomerFields | null | undefined): OrderCustomer | undefined {
  if (!fields) {
    errors.add('customer', "can't be blank");
    return undefined;
  }
  const name = errors.check(() => optionalText('customer.name', fields.name ?? null, 200)) ?? null;
  if (name === null) errors.add('customer.name', "can't be blank");
  const email = errors.check(() => readEmail('customer.email', fields.email));
  const phone = errors.check(() => optionalText('customer.phone', fields.phone ?? null, 50)) ?? null;
  const identification = errors.check(() => optionalText('customer.document', fields.document ?? null, 50)) ?? null;
  return name && email ? { name, email, phone, identification } : undefined;
}

/** An app's order: every field at fault in one 422; prices sent with the lines are ignored. */
export function readOrderFields(fields: OrderFields): OrderDraft {
  const errors = new FieldErrors();
  const lines = readLines(errors, fields.products);
  const customer = readOrderCustomer(errors, fields.customer);
  const shippingAddress = readOrderAddress(errors, 'shipping_address', fields.shippingAddress, true);
  const billingAddress = readOrderAddress(errors, 'billing_address', fields.billingAddress, false);
  const text = (field: string, value: string | null | undefined, max: number) => errors.check(() => optionalText(field, value ?? null, max)) ?? null;
  const shippingCode = text('shipping', fields.shipping, 100) ?? 'not-provided';
  const shippingName = text('shipping_option', fields.shippingOption, 200) ?? shippingCode;
  const cost = fields.shippingCostCustomer === undefined ? 0 : errors.check(() => readHundredths('shipping_cost_customer', fields.shippingCostCustomer));
  const gateway = text('gateway', fields.gateway, 100) ?? 'not-provided';
  const paymentStatus = fields.paymentStatus ?? 'paid';
  if (!(PLACED_PAYMENT_STATUSES as readonly string[]).includes(paymentStatus)) errors.add('payment_status', `must be one of ${PLACED_PAYMENT_STATUSES.join(', ')}`);
  const note = text('note', fields.note, 10_000);
  const couponCode = text('coupon', fields.coupon, 100) ?? undefined;
  if (fields.extra && JSON.stringify(fields.extra).length > 10_000) errors.add('extra', 'is too long (maximum is 10000 characters as JSON)');
  errors.throwIfAny();
  return {
    lines,
    customer: customer!,
    shippingAddress: shippingAddress!,
    billingAddress: billingAddress ?? shippingAddress!,
    shipping: { code: shippingCode, name: shippingName, cost: cost ?? 0 },
    gateway,
    paymentStatus: paymentStatus as OrderDraft['paymentStatus'],
    note,
    language: fields.language ?? undefined,
    couponCode,
    extra: fields.extra ?? {},
    storefront: 'api',
  };
}

/** The fields an app may change on an order (PUT): notes, payment status, tracking, extra. */
export interface OrderUpdateFields {
  ownerNote?: string | null;
  note?: string | null;
  paymentStatus?: string | null;
  shippingTrackingNumber?: string | null;
  shippingTrackingUrl?: string | null;
  extra?: Record<string, unknown> | null;
}

export function readCancelReason(reason: string | null | undefined): string {
  const value = reason ?? 'other';
  if (!(CANCEL_REASONS as readonly string[]).includes(value)) throw invalidField('reason', `must be one of ${CANCEL_REASONS.join(', ')}`);
  return value;
}
