/**
 * POST /api/admin/products/images (an admin's bearer token, multipart with the file as `image`): the server checks
 * the picture by its bytes, re-encodes it and answers the path a product may then name. Its size is checked here
 * first, so a picture too large is refused before it is sent.
 */
import { useMutation } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import {
  PRODUCT_IMAGE_FIELD,
  PRODUCT_IMAGE_MAX_BYTES,
  productImageMessages,
  UploadedProductImageSchema,
} from '#shared/schemas/admin-product';
import { ApiRequestError, apiRequest } from '#web/lib/api-client.ts';

export const UPLOAD_FAILED = 'We could not upload the picture. Please try again.';

/** The picture's path on the shop, once stored. */
export async function uploadProductImage(file: File): Promise<string> {
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) throw new ApiRequestError(413, productImageMessages.tooLarge);
  const body = new FormData();
  body.set(PRODUCT_IMAGE_FIELD, file, file.name);
  const answer = await apiRequest<unknown>(adminApiPaths.productImages, { method: 'POST', body });
  return UploadedProductImageSchema.parse(answer).image;
}

export function useUploadProductImage() {
  return useMutation({ mutationFn: uploadProductImage });
}
