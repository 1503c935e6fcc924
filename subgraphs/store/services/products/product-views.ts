import type { SqlEntityManager } from '../../../../lib/db';
import { Category, type Product, type ProductText } from '../../entities';
import { categoryViews } from '../categories/category-views';
import { inStoreOrder, parseStoredValueList } from '../language/language-values';
import { groupBy, valuesOf } from '../catalog/texts';
import { IMAGE_VIEW } from '../images/image-view';
import { VARIANT_VIEW } from '../variants/variant-view';
import type { CategoryView, ImageView, ProductView, VariantView } from '../catalog/views';
import { field, ViewShape } from '../catalog/view-shape';
import { readImages, readLinks, readTexts, readVariants } from './product-rows';

/** The columns of a product's text rows that its view shows, one language-aware value each. */
const TEXT_COLUMNS = ['name', 'description', 'handle', 'seoTitle', 'seoDescription'] as const;
type TextColumn = (typeof TEXT_COLUMNS)[number];
type ProductPart = 'variants' | 'images' | 'categories';
/** A column of the product's own row. */
type ProductColumn = keyof Product & string;
/** What a field reads: columns of the product's row, a text column, or a part of the product (each read only when a field asks for it). */
type ProductRead = ProductColumn | TextColumn | ProductPart;
const isTextColumn = (read: ProductRead): read is TextColumn => (TEXT_COLUMNS as readonly string[]).includes(read);
const PARTS: readonly string[] = ['variants', 'images', 'categories'] satisfies ProductPart[];
const isProductColumn = (read: ProductRead): read is ProductColumn => !isTextColumn(read) && !PARTS.includes(read);

/** What a product view is made of: the product's row, its text rows (one per language) and the views of its parts. */
interface ProductSource {
  /** The product's row: every column, or those its view's fields read (productColumns). */
  product: Product;
  texts: ReadonlyArray<Pick<ProductText, 'productId' | 'language' | TextColumn>>;
  variants: VariantView[];
  images: ImageView[];
  categories: CategoryView[];
}

const row = <Name extends keyof Product & keyof ProductView>(name: Name) => field<ProductSource, Product[Name], ProductRead>([name], ({ product }) => product[name]);
const text = (column: TextColumn) =>
  field<ProductSource, ProductView[typeof column], ProductRead>([column], ({ texts }, languages) => valuesOf(texts, (textRow) => textRow[column], languages));
const part = <Name extends ProductPart>(name: Name) => field<ProductSource, ProductSource[Name], ProductRead>([name], (source) => source[name]);

/** A product as the API shows it, field by field (see ViewShape). */
const PRODUCT_VIEW = new ViewShape<ProductSource, ProductView, ProductRead>({
  id: row('id'),
  storeId: row('storeId'),
  name: text('name'),
  description: text('description'),
  handle: text('handle'),
  attributes: field(['attributes'], ({ product }, languages) => parseStoredValueList(product.attributes).map((value) => inStoreOrder(value, languages))),
  published: row('published'),
  freeShipping: row('freeShipping'),
  requiresShipping: row('requiresShipping'),
  canonicalUrl: row('canonicalUrl'),
  videoUrl: row('videoUrl'),
  seoTitle: text('seoTitle'),
  seoDescription: text('seoDescription'),
  brand: row('brand'),
  createdAt: row('createdAt'),
  updatedAt: row('updatedAt'),
  variants: part('variants'),
  tags: row('tags'),
  images: part('images'),
  categories: part('categories'),
});

/**
 * The fields a caller reads of the product views and of their variants and images (its GraphQL
 * selection, see selectedProperties); undefined, every field.
 */
export interface ProductViewFields {
  product?: readonly string[];
  variants?: readonly string[];
  images?: readonly string[];
}

/** The columns of the products' rows that the views of these fields show (of every field without `fields`), with the id. */
export function productColumns(fields: ProductViewFields = {}): ProductColumn[] {
  return ['id', ...PRODUCT_VIEW.reads(fields.product).filter((read) => read !== 'id' && isProductColumn(read))];
}

/**
 * Products (entities or rows, with at least their `productColumns`) as the API shows them, with their variants, images and categories:
 * a fixed number of queries for any number of products (one per related table), never one per
 * product, answered as rows (see product-rows), of the tables and columns the fields asked for
 * read (all of them without `fields`).
 */
export async function productViews(em: SqlEntityManager, products: readonly Product[], languages: readonly string[], fields: ProductViewFields = {}): Promise<ProductView[]> {
  if (products.length === 0) return [];
  const ids = products.map((product) => product.id);
  const reads = PRODUCT_VIEW.reads(fields.product);
  const textColumns = reads.filter(isTextColumn);
  const [texts, variants, images, links] = await Promise.all([
    textColumns.length > 0 ? readTexts(em, ids, ['productId', 'language', ...textColumns]) : [],
    reads.includes('variants') ? readVariants(em, ids, ['productId', ...VARIANT_VIEW.reads(fields.variants)]) : [],
    reads.includes('images') ? readImages(em, ids, ['productId', ...IMAGE_VIEW.reads(fields.images)]) : [],
    reads.includes('categories') ? readLinks(em, ids) : [],
  ]);
  const categoryIds = [...new Set(links.map((link) => link.categoryId))];
  const categories = categoryIds.length === 0 ? [] : await em.find(Category, { id: { $in: categoryIds } });
  const categoryById = new Map<number, CategoryView>((await categoryViews(em, categories, languages)).map((view) => [view.id, view]));
  const textsOf = groupBy(texts, (textRow) => textRow.productId);
  const variantsOf = groupBy(variants, (variant) => variant.productId);
  const imagesOf = groupBy(images, (image) => image.productId);
  const linksOf = groupBy(links, (link) => link.productId);
  const [productView, variantView, imageView] = [PRODUCT_VIEW.maker(fields.product), VARIANT_VIEW.maker(fields.variants), IMAGE_VIEW.maker(fields.images)];
  return products.map((product) =>
    productView(
      {
        product,
        texts: textsOf.get(product.id) ?? [],
        variants: (variantsOf.get(product.id) ?? []).map((variant) => variantView(variant, languages)),
        images: (imagesOf.get(product.id) ?? []).map((image) => imageView(image, languages)),
        categories: (linksOf.get(product.id) ?? []).flatMap((link) => categoryById.get(link.categoryId) ?? []),
      },
      languages,
    ),
  );
}
