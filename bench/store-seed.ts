import { runStoreCopies } from './store-copies';

/**
 * Copies one product made through the API (its text rows, variants and images too) into `count`
 * products of the same store with plain SQL, then rebuilds what the store subgraph keeps beside
 * them: the counters and the page marks (a run of 1,000 products each, see ProductPageMark).
 * Minutes through the API; seconds this way. Every copy gets its own handle (`bench-<n>`).
 */
const copies = (seq: string) => ({
  products: `insert into products (created_at, updated_at, store_id, published, free_shipping, requires_shipping, canonical_url, video_url, brand, tags, attributes, sort_price, stock)
    select created_at, updated_at, store_id, published, free_shipping, requires_shipping, canonical_url, video_url, brand, tags, attributes, sort_price, stock
    from ${seq}, products where products.id = $template order by n`,
  texts: `insert into product_texts (product_id, store_id, language, name, description, handle, seo_title, seo_description)
    select p.id, t.store_id, t.language, t.name, t.description, 'bench-' || p.id, t.seo_title, t.seo_description
    from products p, product_texts t where p.store_id = $store and p.id > $template and t.product_id = $template`,
  variants: `insert into variants (created_at, updated_at, product_id, store_id, position, price, stock_management, stock, sku, "values")
    select v.created_at, v.updated_at, p.id, v.store_id, v.position, v.price, v.stock_management, v.stock, null, v."values"
    from products p, variants v where p.store_id = $store and p.id > $template and v.product_id = $template`,
  images: `insert into product_images (created_at, updated_at, product_id, store_id, src, position, alt)
    select i.created_at, i.updated_at, p.id, i.store_id, i.src, i.position, i.alt
    from products p, product_images i where p.store_id = $store and p.id > $template and i.product_id = $template`,
  marks: [
    `delete from product_page_marks where store_id = $store`,
    `insert into product_page_marks (store_id, first_product_id, product_count)
      select $store, min(id), count(*) from (select id, (row_number() over (order by id) - 1) / 1000 as run from products where store_id = $store) runs group by run`,
    `update stores set product_count = (select count(*) from products where store_id = $store), products_created = (select count(*) from products where store_id = $store) where id = $store`,
  ],
});

function statements(seq: string, store: number, template: number): string[] {
  const sql = copies(seq);
  return [sql.products, sql.texts, sql.variants, sql.images, ...sql.marks].map((statement) => statement.replaceAll('$store', String(store)).replaceAll('$template', String(template)));
}

/** Makes the store hold `count` products: the template and `count - 1` copies of it. */
export async function seedProducts(env: NodeJS.ProcessEnv, store: number, template: number, count: number): Promise<void> {
  await runStoreCopies(env, count, (seq) => statements(seq, store, template), 'analyze products; analyze product_texts; analyze variants; analyze product_images; analyze product_page_marks');
}
