import type { ProductImage } from '../../entities';
import { inStoreOrder, parseStoredValues } from '../language/language-values';
import type { ImageView } from '../catalog/views';

export function imageView(image: ProductImage, languages: readonly string[]): ImageView {
  return {
    id: image.id,
    productId: image.productId,
    src: image.src,
    position: image.position,
    alt: inStoreOrder(parseStoredValues(image.alt), languages),
    createdAt: image.createdAt,
    updatedAt: image.updatedAt,
  };
}
