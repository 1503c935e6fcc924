import type { LanguageValues } from '../language/language-values';

/** A variant as the API shows it: amounts as strings with two decimals. */
export interface VariantView {
  id: number;
  imageId: number | null;
  productId: number;
  position: number;
  price: string | null;
  compareAtPrice: string | null;
  promotionalPrice: string | null;
  stockManagement: boolean;
  stock: number | null;
  weight: string | null;
  width: string | null;
  height: string | null;
  depth: string | null;
  sku: string | null;
  values: LanguageValues[];
  barcode: string | null;
  mpn: string | null;
  ageGroup: string | null;
  gender: string | null;
  cost: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ImageView {
  id: number;
  productId: number;
  src: string;
  position: number;
  alt: LanguageValues;
  createdAt: Date;
  updatedAt: Date;
}

export interface CategoryView {
  id: number;
  name: LanguageValues;
  description: LanguageValues;
  handle: LanguageValues;
  parent: number | null;
  subcategories: number[];
  googleShoppingCategory: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ProductView {
  id: number;
  storeId: number;
  name: LanguageValues;
  description: LanguageValues;
  handle: LanguageValues;
  attributes: LanguageValues[];
  published: boolean;
  freeShipping: boolean;
  requiresShipping: boolean;
  canonicalUrl: string | null;
  videoUrl: string | null;
  seoTitle: LanguageValues;
  seoDescription: LanguageValues;
  brand: string | null;
  createdAt: Date;
  updatedAt: Date;
  variants: VariantView[];
  tags: string;
  images: ImageView[];
  categories: CategoryView[];
}

/** A page of a list with the size of the whole list. */
export interface Page<T> {
  totalCount: number;
  page: number;
  perPage: number;
  items: T[];
}
