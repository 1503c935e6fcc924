import { runStoreCopies, type CopyDialect } from './store-copies';

/**
 * Copies one order made through the API (and its line) into `count` orders of the same store with
 * plain SQL, numbered on from the template as the store numbers them (100, 101, …), and sets the
 * store's order counter. Orders are never deleted, so numbers without gaps are what the store
 * subgraph expects of its rows.
 */
const copies = (seq: string) => [
  `insert into orders (created_at, updated_at, store_id, number, token, customer_id, customer, status, payment_status, shipping_status, currency, language, subtotal, discount, shipping_cost, total, weight, note, owner_note, shipping_address, billing_address, shipping, shipping_option, gateway, storefront, coupons, extra)
    select o.created_at, o.updated_at, o.store_id, o.number + n, substr(o.token, 1, 24) || substr('0000000000000000' || n, -16, 16), o.customer_id, o.customer, o.status, o.payment_status, o.shipping_status, o.currency, o.language, o.subtotal, o.discount, o.shipping_cost, o.total, o.weight, o.note, o.owner_note, o.shipping_address, o.billing_address, o.shipping, o.shipping_option, o.gateway, o.storefront, o.coupons, o.extra
    from ${seq}, orders o where o.id = $template order by n`,
  `insert into order_lines (created_at, updated_at, store_id, order_id, product_id, variant_id, name, price, quantity, sku, weight, free_shipping, stock_claimed)
    select l.created_at, l.updated_at, l.store_id, o.id, l.product_id, l.variant_id, l.name, l.price, l.quantity, l.sku, l.weight, l.free_shipping, l.stock_claimed
    from orders o, order_lines l where o.store_id = $store and o.id > $template and l.order_id = $template`,
  `update stores set order_count = (select count(*) from orders where store_id = $store) where id = $store`,
];

function statements(seq: string, store: number, template: number): string[] {
  return copies(seq).map((statement) => statement.replaceAll('$store', String(store)).replaceAll('$template', String(template)));
}

/** Makes the store hold `count` orders: the template and `count - 1` copies of it. */
export async function seedOrders(env: NodeJS.ProcessEnv, store: number, template: number, count: number): Promise<void> {
  // PostgreSQL pads the copy's number with its own lpad.
  const over = (seq: string, dialect: CopyDialect) =>
    statements(seq, store, template).map((statement) => (dialect === 'postgresql' ? statement.replace("substr('0000000000000000' || n, -16, 16)", "lpad(n::text, 16, '0')") : statement));
  await runStoreCopies(env, count, over, 'analyze orders; analyze order_lines');
}
