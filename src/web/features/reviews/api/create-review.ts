/**
 * POST /api/reviews: the Add a Review form's schema (the shared review body plus the optional photo), the request
 * (JSON, or multipart when a photo comes along) and the mutation that puts the new review into the list at once.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type PostedReview,
  REVIEW_PHOTO_FIELD,
  type ReviewBody,
  ReviewBodySchema,
  reviewMessages,
} from '#shared/schemas/review';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';
import { CATALOG_QUERY_KEY } from '#web/lib/shop-query-keys.ts';
import { chosenFile, reviewPhotoProblem } from '../review-photo.ts';
import { productReviewsQueryKey, type ReviewPages, reviewsQueryKey } from './get-reviews.ts';

/** The shop's text when the server's answer gives neither a field message nor a message. */
export const REVIEW_SUBMIT_FAILED = 'Something went wrong';

/** The server's rules for the text fields, and the photo's type and size checked before it is sent. */
export const ReviewFormSchema = ReviewBodySchema.extend({
  // The star radios give '' until one is chosen, then a digit, read as the shared schema reads a form's digit and
  // then held to its whole number from 1 to 5. NOTE: not the shared union itself: the resolver reports a failed
  // union by its first branch's message ("expected number, received string"), not by the union's own.
  rating: z
    .string({ error: reviewMessages.rating })
    .regex(/^\d$/, { error: reviewMessages.rating })
    .transform(Number)
    .pipe(ReviewBodySchema.shape.rating.out),
  photo: z.unknown().transform((value, context) => {
    const file = chosenFile(value);
    const problem = file && reviewPhotoProblem(file);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return file;
  }),
});
export type ReviewFormInput = z.input<typeof ReviewFormSchema>;
export type ReviewFormValues = z.output<typeof ReviewFormSchema>;

/**
 * JSON without a photo; with one, a form whose text fields are strings and whose file part is `image`. `productId`
 * (the product page's form) goes along when given.
 */
export function reviewRequestBody({ photo, ...review }: ReviewFormValues): ReviewBody | FormData {
  const product = review.productId === undefined ? {} : { productId: review.productId };
  if (!photo) {
    return { name: review.name, location: review.location, rating: review.rating, message: review.message, ...product };
  }
  const form = new FormData();
  form.set('name', review.name);
  form.set('location', review.location);
  form.set('rating', String(review.rating));
  form.set('message', review.message);
  if (review.productId !== undefined) form.set('productId', review.productId);
  form.set(REVIEW_PHOTO_FIELD, photo, photo.name);
  return form;
}

/**
 * The bearer token goes along when a customer is logged in: the server marks the review of a customer with a paid
 * order as verified. Anyone may post without one.
 */
export function createReview(values: ReviewFormValues): Promise<PostedReview> {
  return apiRequest<PostedReview>(apiPaths.reviews.create, { method: 'POST', body: reviewRequestBody(values) });
}

/**
 * The pages with the new review first on the first page (the list is newest first), once only, and counted. Undefined
 * stays undefined: nothing loaded yet.
 */
export function withNewReview(data: ReviewPages | undefined, posted: PostedReview): ReviewPages | undefined {
  if (!data) return data;
  const { awaitingApproval: _, ...review } = posted;
  const already = data.pages.some((page) => page.items.some(({ _id }) => _id === review._id));
  if (already) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => {
      const total = page.total + 1;
      const average = Math.round((((page.average ?? 0) * page.total + review.rating) / total) * 10) / 10;
      return { items: index === 0 ? [review, ...page.items] : page.items, total, average };
    }),
  };
}

/**
 * Shows the new review everywhere the list is on screen at once (unless it waits for the owner's approval): the
 * shop's list, which holds every review, and its product's. Then asks the server for the lists again, and for the
 * products, whose ratings a product's review changes.
 */
export function addReviewToCache(queryClient: QueryClient, review: PostedReview): Promise<void> {
  const { productId } = review;
  if (!review.awaitingApproval) {
    queryClient.setQueryData<ReviewPages>(reviewsQueryKey, (data) => withNewReview(data, review));
    if (productId !== undefined) {
      queryClient.setQueryData<ReviewPages>(productReviewsQueryKey(productId), (data) => withNewReview(data, review));
    }
  }
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
    productId !== undefined && !review.awaitingApproval
      ? queryClient.invalidateQueries({ queryKey: CATALOG_QUERY_KEY })
      : undefined,
  ]).then(() => undefined);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (review) => {
      void addReviewToCache(queryClient, review);
    },
  });
}
