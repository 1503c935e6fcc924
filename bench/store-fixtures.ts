import { request } from 'undici';
import type { StackUrls } from '../test/support/stack-urls';
import { BENCH_BRANDS } from './graph-fixtures';
import { appHeaders, benchInstallation, type BenchInstallation } from './store-load';
import { seedProducts } from './store-seed';

/** Products of each store the gateway's large answer lists: one page of 200, variants and images each. */
export const CATALOGUE_PRODUCTS = 200;
/** Products sold under the feed's bench brands (spread evenly over them): the deep query's store items. */
export const BRAND_PRODUCTS = 50;

const LANGUAGES = ['es', 'pt', 'en'] as const;
const inEvery = (text: (language: string) => string) => Object.fromEntries(LANGUAGES.map((language) => [language, text(language)]));

/** A product as a shop lists it: three sizes, three pictures, a paragraph in each of the store's languages. */
const productBody = (name: string, brand: string) => ({
  name: inEvery((language) => `${name} (${language})`),
  description: inEvery((language) => `${name}: a sturdy everyday item, described in ${language} for the storefront, with enough words to fill a card.`),
  brand,
  attributes: [inEvery(() => 'size')],
  variants: ['S', 'M', 'L'].map((size, position) => ({ price: (9.9 + position).toFixed(2), stock: 5, values: [inEvery(() => size)] })),
  images: [1, 2, 3].map((position) => ({ src: `https://images.example.com/bench/${encodeURIComponent(name)}/${position}.jpg`, position })),
});

async function createProduct(stack: StackUrls, installation: BenchInstallation, body: object): Promise<number> {
  const response = await request(`${stack.shimUrl}/v1/${installation.storeId}/products`, {
    method: 'POST',
    headers: { ...appHeaders(installation), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.body.json()) as { id?: number };
  if (response.statusCode !== 201 || !answer.id) throw new Error(`bench product refused: ${response.statusCode} ${JSON.stringify(answer)}`);
  return answer.id;
}

/**
 * `count` stores, each with an app installed and CATALOGUE_PRODUCTS products (one made through
 * the API, copied with SQL), made `concurrency` at a time: the large answer's distinct callers.
 */
export async function seedCatalogues(stack: StackUrls & { env: NodeJS.ProcessEnv }, count: number, concurrency = 4): Promise<BenchInstallation[]> {
  const stores: BenchInstallation[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const installation = await benchInstallation(stack.shimUrl, stack.gatewayUrl);
      const template = await createProduct(stack, installation, productBody('Catalogue item', 'Bench catalogue'));
      await seedProducts(stack.env, installation.storeId, template, CATALOGUE_PRODUCTS);
      stores.push(installation);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return stores;
}

/** One store selling BRAND_PRODUCTS products under the feed's bench brands (`Brand <n>`), made through the API. */
export async function seedBrandProducts(stack: StackUrls): Promise<void> {
  const installation = await benchInstallation(stack.shimUrl, stack.gatewayUrl);
  for (let i = 0; i < BRAND_PRODUCTS; i++) await createProduct(stack, installation, productBody(`Branded item ${i}`, `Brand ${i % BENCH_BRANDS}`));
}
