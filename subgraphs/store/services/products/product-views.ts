import type { SqlEntityManager } from '../../../../lib/db';
import { Category, type Product } from '../../entities';
import { categoryViews } from '../categories/category-views';
import { inStoreOrder, parseStoredValueList } from '../language/language-values';
import { groupBy, valuesOf } from '../catalog/texts';
import { imageView } from '../images/image-view';
import { variantView } from '../variants/variant-view';
import type { CategoryView, ProductView } from '../catalog/views';
import { readProductParts } from './product-rows';

/**
 * Products (entities or rows) as the API shows them, with their variants, images and categories:
 * a fixed number of queries for any number of products (one per related table), never one per
 * product, answered as rows (see readProductParts).
 */
export async function productViews(em: SqlEntityManager, products: readonly Product[], languages: readonly string[]): Promise<ProductView[]> {
  if (products.length === 0) return [];
  const ids = products.map((product) => product.id);
  const { texts, variants, images, links } = await readProductParts(em, ids);
  const categoryIds = [...new Set(links.map((link) => link.categoryId))];
  const categories = categoryIds.length === 0 ? [] : await em.find(Category, { id: { $in: categoryIds } });
  const categoryById = new Map<number, CategoryView>((await categoryViews(em, categories, languages)).map((view) => [view.id, view]));
  const textsOf = groupBy(texts, (text) => text.productId);
  const variantsOf = groupBy(variants, (variant) => variant.productId);
  const imagesOf = groupBy(images, (image) => image.productId);
  const linksOf = groupBy(links, (link) => link.productId);
  return products.map((product) => {
    const rows = textsOf.get(product.id) ?? [];
    return {
      id: product.id,
      storeId: product.storeId,
      name: valuesOf(rows, (row) => row.name, languages),
      description: valuesOf(rows, (row) => row.description, languages),
      handle: valuesOf(rows, (row) => row.handle, languages),
      attributes: parseStoredValueList(product.attributes).map((value) => inStoreOrder(value, languages)),
      published: product.published,
      freeShipping: product.freeShipping,
      requiresShipping: product.requiresShipping,
      canonicalUrl: product.canonicalUrl,
      videoUrl: product.videoUrl,
      seoTitle: valuesOf(rows, (row) => row.seoTitle, languages),
      seoDescription: valuesOf(rows, (row) => row.seoDescription, languages),
      brand: product.brand,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
      variants: (variantsOf.get(product.id) ?? []).map((variant) => variantView(variant, languages)),
      tags: product.tags,
      images: (imagesOf.get(product.id) ?? []).map((image) => imageView(image, languages)),
      categories: (linksOf.get(product.id) ?? []).flatMap((link) => categoryById.get(link.categoryId) ?? []),
    };
  });
}
