import { AppError, notFound } from '../../../../lib/errors';

export const productNotFound = (id: number | string) => notFound(`Product ${id} not found`);
export const variantNotFound = (id: number) => notFound(`Variant ${id} not found`);
export const imageNotFound = (id: number) => notFound(`Image ${id} not found`);
export const categoryNotFound = (id: number) => notFound(`Category ${id} not found`);

/** A 422 about the request as a whole (a limit), not about one field. */
export const refused = (description: string) => new AppError('REQUEST_REFUSED', description);
