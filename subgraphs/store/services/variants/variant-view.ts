import type { Variant } from '../../entities';
import { inStoreOrder, parseStoredValueList } from '../language/language-values';
import { formatHundredths } from '../language/money';
import type { VariantView } from '../catalog/views';
import { columnOf, field, ViewShape } from '../catalog/view-shape';

type Column = keyof Variant & string;
/** An amount column shown as a string with two decimals. */
const amount = (column: 'price' | 'compareAtPrice' | 'promotionalPrice' | 'weight' | 'width' | 'height' | 'depth' | 'cost') =>
  field<Variant, string | null, Column>([column], (variant) => formatHundredths(variant[column]));
const column = columnOf<Variant>();

/** A variant as the API shows it, field by field (see ViewShape): amounts as strings with two decimals. */
export const VARIANT_VIEW = new ViewShape<Variant, VariantView, Column>({
  id: column('id'),
  imageId: column('imageId'),
  productId: column('productId'),
  position: column('position'),
  price: amount('price'),
  compareAtPrice: amount('compareAtPrice'),
  promotionalPrice: amount('promotionalPrice'),
  stockManagement: column('stockManagement'),
  stock: field(['stockManagement', 'stock'], (variant) => (variant.stockManagement ? variant.stock : null)),
  weight: amount('weight'),
  width: amount('width'),
  height: amount('height'),
  depth: amount('depth'),
  sku: column('sku'),
  values: field(['values'], (variant, languages) => parseStoredValueList(variant.values).map((value) => inStoreOrder(value, languages))),
  barcode: column('barcode'),
  mpn: column('mpn'),
  ageGroup: column('ageGroup'),
  gender: column('gender'),
  cost: amount('cost'),
  createdAt: column('createdAt'),
  updatedAt: column('updatedAt'),
});

/** The whole view of a variant. */
export function variantView(variant: Variant, languages: readonly string[]): VariantView {
  return VARIANT_VIEW.make(variant, languages);
}
