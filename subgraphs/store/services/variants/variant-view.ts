import type { Variant } from '../../entities';
import { inStoreOrder, parseStoredValueList } from '../language/language-values';
import { formatHundredths } from '../language/money';
import type { VariantView } from '../catalog/views';

export function variantView(variant: Variant, languages: readonly string[]): VariantView {
  return {
    id: variant.id,
    imageId: variant.imageId,
    productId: variant.productId,
    position: variant.position,
    price: formatHundredths(variant.price),
    compareAtPrice: formatHundredths(variant.compareAtPrice),
    promotionalPrice: formatHundredths(variant.promotionalPrice),
    stockManagement: variant.stockManagement,
    stock: variant.stockManagement ? variant.stock : null,
    weight: formatHundredths(variant.weight),
    width: formatHundredths(variant.width),
    height: formatHundredths(variant.height),
    depth: formatHundredths(variant.depth),
    sku: variant.sku,
    values: parseStoredValueList(variant.values).map((value) => inStoreOrder(value, languages)),
    barcode: variant.barcode,
    mpn: variant.mpn,
    ageGroup: variant.ageGroup,
    gender: variant.gender,
    cost: formatHundredths(variant.cost),
    createdAt: variant.createdAt,
    updatedAt: variant.updatedAt,
  };
}
