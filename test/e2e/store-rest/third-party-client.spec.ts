import { TiendaNubeClient } from 'tienda-nube-js-sdk';
import { describeEachDatabase } from '../../support/targets';
import { install } from './store-fixtures';

/**
 * A published client of this kind of API, `tienda-nube-js-sdk` (npm, 0.0.10), used as its README
 * says, with one change: its axios instance's base URL points at the shim instead of the public
 * API host. Nothing of the client is patched; it sends `Authentication: bearer`, JSON with its
 * own Content-Type, and axios's own User-Agent.
 */
describeEachDatabase('store API: a third-party client (tienda-nube-js-sdk)', (target) => {
  it('creates products and lists them page by page', async () => {
    const installation = await install(target);
    const client = new TiendaNubeClient({ accessToken: installation.token, storeId: String(installation.storeId) });
    // The one change: where the API is (the client keeps its axios instance private).
    (client as unknown as { tiendaNubeAPI: { defaults: { baseURL?: string } } }).tiendaNubeAPI.defaults.baseURL = `${target.shimUrl}/v1/${installation.storeId}/`;

    const created = [];
    for (const name of ['Mate', 'Bombilla', 'Yerba', 'Termo', 'Matero']) {
      created.push(await client.createProduct({ name: { es: name }, variants: [{ price: '10.00', sku: `SKU-${name}` }] } as never));
    }
    expect(created.every((product) => Number.isInteger(product.id))).toBe(true);

    const listed: number[] = [];
    for (let page = 1; ; page += 1) {
      const products: Array<{ id: number }> = await client.request({ url: '/products', method: 'GET', params: { page, per_page: 2 } });
      if (products.length === 0) break;
      listed.push(...products.map((product) => product.id));
    }
    expect(listed).toEqual(created.map((product) => product.id));

    const bySku = await client.getProductBySku({ sku: 'SKU-Yerba' });
    expect(bySku.id).toBe(created[2].id);
    expect((bySku.name as unknown as Record<string, string>).es).toBe('Yerba');
    await expect(client.getProductById({ id: '999999999' })).rejects.toEqual({ code: 404, message: 'Not Found', description: 'Product 999999999 not found' });
  });
});
