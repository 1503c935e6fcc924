import type { OrderInput } from '../generated/graph';
import { graphInput } from './store-bodies';

/** Keys whose JSON numbers are text to the graph: clients send street numbers, zip codes, documents as numbers. */
const TEXT_KEYS = new Set(['number', 'zipcode', 'phone', 'document']);

const asText = (value: unknown): unknown => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, TEXT_KEYS.has(key) && typeof inner === 'number' ? String(inner) : inner]));
};

/**
 * A checked `POST /orders` body as the graph's input. Beside the renaming, it reads what the
 * body schema lets clients write loosely (tienda-nube-js-sdk's typed parameters, order.md's
 * examples): a line's `variant_id` as text, and the numbers of addresses and the customer as text.
 */
export function orderInputOf(body: Record<string, unknown>): OrderInput {
  const lines = Array.isArray(body.products)
    ? (body.products as Array<Record<string, unknown>>).map((line) => (typeof line.variant_id === 'string' ? { ...line, variant_id: Number(line.variant_id) } : line))
    : body.products;
  const read = { ...body, products: lines, customer: asText(body.customer), shipping_address: asText(body.shipping_address), billing_address: asText(body.billing_address) };
  return graphInput<OrderInput>(Object.fromEntries(Object.entries(read).filter(([, value]) => value !== undefined)));
}
