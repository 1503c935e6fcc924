import { Type, type TProperties } from '@sinclair/typebox';

/** The store API's wire shapes (specs/store.md), as its routes declare them. */

/** Ids are the graph's `Int`: 32 bits. */
export const MAX_ID = 2_147_483_647;
export const Id = (description?: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, ...(description && { description }) });
export const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
export const Timestamp = Type.String({ description: 'YYYY-MM-DDThh:mm:ss+0000' });

/** Read: an object keyed by every language of the store, in its order. */
export const LanguageValues = Type.Record(Type.String(), Type.String(), { description: 'Language code → text, every language of the store' });
/** Written: one text for every language, or some languages' texts (the graph checks the codes). */
const LanguageInput = Type.Union([Type.String(), Type.Record(Type.String(), Type.String())], { description: 'A string for every language, or language code → text' });
/** Money and measures as callers send them: a number or a numeric string (the graph checks the value). */
const Amount = Type.Union([Type.Number(), Type.String(), Type.Null()], { description: 'A number or numeric string; two decimals kept' });
const Money = Type.Union([Type.String(), Type.Null()], { description: 'Two decimals, or null' });

// Paths
export const StorePath = Type.Object({ store_id: Id('The store') });
export const ProductPath = Type.Object({ store_id: Id(), id: Id('The product') });
export const SkuPath = Type.Object({ store_id: Id(), sku: Type.String({ description: 'A variant SKU' }) });
export const VariantPath = Type.Object({ store_id: Id(), product_id: Id(), id: Id('The variant') });
export const ImagePath = Type.Object({ store_id: Id(), product_id: Id(), id: Id('The image') });
export const ProductChildPath = Type.Object({ store_id: Id(), product_id: Id() });
export const CategoryPath = Type.Object({ store_id: Id(), id: Id('The category') });
export const WebhookPath = Type.Object({ store_id: Id(), id: Id('The webhook') });
export const ScriptPath = Type.Object({ store_id: Id(), id: Id('The script') });

// Queries
export const FieldsQuery = { fields: Type.Optional(Type.String({ description: 'Comma-separated keys to keep in each object' })) };
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: '1-based; a page past the end is an empty list' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Items per page (default 30)' })),
};
const DateQuery = (description: string) => Type.Optional(Type.String({ description: `${description}; any ISO 8601 form` }));
export const DatesQuery = {
  created_at_min: DateQuery('Created at or after'),
  created_at_max: DateQuery('Created at or before'),
  updated_at_min: DateQuery('Updated at or after'),
  updated_at_max: DateQuery('Updated at or before'),
};
export const SORTS = ['created-at-ascending', 'created-at-descending', 'alpha-ascending', 'alpha-descending', 'price-ascending', 'price-descending'];

export const ObjectQuery = Type.Object(FieldsQuery);
export const ListQuery = Type.Object({ ...FieldsQuery, ...PageQuery });
export const ProductListQuery = Type.Object({
  ...FieldsQuery,
  ...PageQuery,
  since_id: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'Only products with a greater id' })),
  q: Type.Optional(Type.String({ description: 'Words in the name, a SKU or the tags' })),
  handle: Type.Optional(Type.String()),
  category_id: Type.Optional(Id()),
  published: Type.Optional(Type.Boolean()),
  free_shipping: Type.Optional(Type.Boolean()),
  min_stock: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })),
  max_stock: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })),
  ...DatesQuery,
  sort_by: Type.Optional(Type.String({ enum: SORTS, description: 'Default created-at-ascending' })),
  language: Type.Optional(Type.String({ description: 'Language of q, handle and the alpha sorts (default the main one)' })),
});
export const CategoryListQuery = Type.Object({
  ...FieldsQuery,
  ...PageQuery,
  since_id: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })),
  handle: Type.Optional(Type.String()),
  parent_id: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, description: '0 for the top categories' })),
  language: Type.Optional(Type.String()),
  ...DatesQuery,
});

// Bodies: every key optional here; what a create needs, and the domain rules, are the graph's.
const VariantFields = {
  price: Amount,
  compare_at_price: Amount,
  promotional_price: Amount,
  cost: Amount,
  stock_management: Type.Boolean(),
  stock: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_ID }), Type.Null()]),
  weight: Amount,
  width: Amount,
  height: Amount,
  depth: Amount,
  sku: Type.Union([Type.String(), Type.Null()]),
  values: Type.Array(LanguageInput),
  barcode: Type.Union([Type.String(), Type.Null()]),
  mpn: Type.Union([Type.String(), Type.Null()]),
  age_group: Type.Union([Type.String(), Type.Null()]),
  gender: Type.Union([Type.String(), Type.Null()]),
  image_id: Type.Union([Id(), Type.Null()]),
  position: Type.Integer({ minimum: 1, maximum: MAX_ID }),
};
const ImageFields = { src: Type.String(), position: Type.Integer({ minimum: 1, maximum: MAX_ID }), alt: LanguageInput };
export const partial = (properties: TProperties) => Type.Object(Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, Type.Optional(schema)])));

export const VariantBody = partial(VariantFields);
export const ImageBody = partial(ImageFields);
export const ProductBody = partial({
  name: LanguageInput,
  description: LanguageInput,
  handle: LanguageInput,
  attributes: Type.Array(LanguageInput),
  published: Type.Boolean(),
  free_shipping: Type.Boolean(),
  requires_shipping: Type.Boolean(),
  canonical_url: Type.Union([Type.String(), Type.Null()]),
  video_url: Type.Union([Type.String(), Type.Null()]),
  seo_title: LanguageInput,
  seo_description: LanguageInput,
  brand: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Union([Type.String(), Type.Null()]),
  categories: Type.Array(Id(), { description: 'Category ids' }),
  variants: Type.Array(VariantBody, { description: 'On create only' }),
  images: Type.Array(ImageBody, { description: 'On create only' }),
});
export const CategoryBody = partial({
  name: LanguageInput,
  description: LanguageInput,
  handle: LanguageInput,
  parent: Type.Union([Id(), Type.Null()]),
  google_shopping_category: Type.Union([Type.String(), Type.Null()]),
});
export const WebhookBody = partial({
  event: Type.String({ description: 'app/uninstalled|suspended|resumed, category/…, product/…, order/created|updated|paid|fulfilled|cancelled, customer/created|updated|deleted' }),
  url: Type.String({ description: 'https; its host must resolve to public addresses only' }),
});
export const ScriptBody = partial({
  src: Type.String({ description: 'An https URL (required)' }),
  event: Type.String({ description: 'onload (the default and only value)' }),
  where: Type.String({ description: 'store (the default and only value)' }),
});

// Answers
export const Category = Type.Object(
  {
    id: Type.Integer(),
    name: LanguageValues,
    description: LanguageValues,
    handle: LanguageValues,
    parent: Type.Union([Type.Integer(), Type.Null()]),
    subcategories: Type.Array(Type.Integer()),
    google_shopping_category: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'A category' },
);
export const Image = Type.Object(
  { id: Type.Integer(), product_id: Type.Integer(), src: Type.String(), position: Type.Integer(), alt: LanguageValues, created_at: Timestamp, updated_at: Timestamp },
  { description: 'A product image' },
);
export const Variant = Type.Object(
  {
    id: Type.Integer(),
    image_id: Type.Union([Type.Integer(), Type.Null()]),
    product_id: Type.Integer(),
    position: Type.Integer(),
    price: Money,
    compare_at_price: Money,
    promotional_price: Money,
    stock_management: Type.Boolean(),
    stock: Type.Union([Type.Integer(), Type.Null()]),
    weight: Money,
    width: Money,
    height: Money,
    depth: Money,
    sku: Nullable(Type.String()),
    values: Type.Array(LanguageValues),
    barcode: Nullable(Type.String()),
    mpn: Nullable(Type.String()),
    age_group: Nullable(Type.String()),
    gender: Nullable(Type.String()),
    cost: Money,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'A product variant' },
);
export const Product = Type.Object(
  {
    id: Type.Integer(),
    name: LanguageValues,
    description: LanguageValues,
    handle: LanguageValues,
    attributes: Type.Array(LanguageValues),
    published: Type.Boolean(),
    free_shipping: Type.Boolean(),
    requires_shipping: Type.Boolean(),
    canonical_url: Nullable(Type.String()),
    video_url: Nullable(Type.String()),
    seo_title: LanguageValues,
    seo_description: LanguageValues,
    brand: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
    variants: Type.Array(Variant),
    tags: Type.String(),
    images: Type.Array(Image),
    categories: Type.Array(Category),
  },
  { description: 'A product' },
);
export const Store = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    languages: Type.Array(Type.String()),
    main_language: Type.String(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'The store' },
);
export const Webhook = Type.Object(
  { id: Type.Integer(), event: Type.String(), url: Type.String(), created_at: Timestamp, updated_at: Timestamp },
  { description: "One of the app's webhooks in the store" },
);
export const Script = Type.Object(
  { id: Type.Integer(), src: Type.String(), event: Type.String(), where: Type.String(), created_at: Timestamp, updated_at: Timestamp },
  { description: "One of the app's storefront scripts" },
);
export const Deleted = Type.Object({}, { description: 'Deleted' });
export const Products = Type.Array(Product, { description: 'A page of products' });
export const Variants = Type.Array(Variant, { description: 'A page of variants' });
export const Images = Type.Array(Image, { description: 'A page of images' });
export const Categories = Type.Array(Category, { description: 'A page of categories' });
export const Webhooks = Type.Array(Webhook, { description: "A page of the app's webhooks" });
export const Scripts = Type.Array(Script, { description: "A page of the app's scripts" });

/** Every failure of the store API: the envelope, the 422 field map, or the bad-JSON body. */
export const StoreError = Type.Union(
  [
    Type.Object({ code: Type.Integer(), message: Type.String(), description: Type.Union([Type.String(), Type.Null()]) }, { description: 'The envelope' }),
    Type.Record(Type.String(), Type.Array(Type.String()), { description: '422: messages by field' }),
    Type.Object({ error: Type.Literal('Problems parsing JSON') }),
  ],
  { description: 'A store API error' },
);
