import type { ProductImage } from '../../entities';
import { inStoreOrder, parseStoredValues } from '../language/language-values';
import type { ImageView } from '../catalog/views';
import { columnOf, field, ViewShape } from '../catalog/view-shape';

type Column = keyof ProductImage & string;
const column = columnOf<ProductImage>();

/** An image as the API shows it, field by field (see ViewShape). */
export const IMAGE_VIEW = new ViewShape<ProductImage, ImageView, Column>({
  id: column('id'),
  productId: column('productId'),
  src: column('src'),
  position: column('position'),
  alt: field(['alt'], (image, languages) => inStoreOrder(parseStoredValues(image.alt), languages)),
  createdAt: column('createdAt'),
  updatedAt: column('updatedAt'),
});

/** The whole view of an image. */
export function imageView(image: ProductImage, languages: readonly string[]): ImageView {
  return IMAGE_VIEW.make(image, languages);
}
