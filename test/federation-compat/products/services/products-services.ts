import { ProductCatalog } from './product-catalog';

export interface ProductsServices {
  catalog: ProductCatalog;
}

/** The catalog is read-only, so every request shares one. */
export function prepareProductsServices(): () => ProductsServices {
  const services = { catalog: new ProductCatalog() };
  return () => services;
}
