import type { OrderInput } from '../generated/graph';
import type { GraphBody } from './store-bodies';

/** Keys whose JSON numbers are text to the graph: clients send street numbers, zip codes, documents as numbers. */
const TEXT_KEYS = new Set(['number', 'zipcode', 'phone', 'document']);

const asText = (value: unknown): unknown => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, TEXT_KEYS.has(key) && typeof inner === 'number' ? String(inner) : inner]));
};

/** The parts of an order's input (under the graph's names) whose numbers may come as text. */
const TEXT_PARTS = ['customer', 'shippingAddress', 'billingAddress'] as const;

/**
 * A checked `POST /orders` body, already under the graph's names, as the graph's input. It reads
 * what the body schema lets clients write loosely (tienda-nube-js-sdk's typed parameters,
 * order.md's examples): a line's `variant_id` as text, and the numbers of addresses and the
 * customer as text.
 */
export function orderInputOf(graph: GraphBody): OrderInput {
  const input: Record<string, unknown> = { ...graph };
  if (Array.isArray(graph.products)) {
    input.products = (graph.products as Array<Record<string, unknown>>).map((line) => (typeof line.variantId === 'string' ? { ...line, variantId: Number(line.variantId) } : line));
  }
  for (const part of TEXT_PARTS) if (graph[part] !== undefined) input[part] = asText(graph[part]);
  return input as OrderInput;
}
