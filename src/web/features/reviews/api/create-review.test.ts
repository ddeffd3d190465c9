import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { REVIEW_PHOTO_MAX_BYTES, type Review, reviewMessages } from '#shared/schemas/review';
import { productReviewsQueryKey, reviewsQueryKey } from './get-reviews.ts';
import { addReviewToCache, ReviewFormSchema, reviewRequestBody, withNewReview } from './create-review.ts';

const review = (id: string, overrides: Partial<Review> = {}): Review => ({
  _id: id,
  name: 'Ada',
  location: 'London',
  rating: 5,
  message: 'Lovely cashews.',
  createdAt: '2026-05-01T10:00:00.000Z',
  verified: false,
  ...overrides,
});

const photoOf = (size: number, type = 'image/png', name = 'nuts.png') =>
  new File([new Uint8Array(size)], name, { type });
const fileList = (...files: File[]) => ({ length: files.length, item: (index: number) => files[index] ?? null });

const typed = { name: ' Ada ', location: '', rating: '4', message: ' Crunchy! ', photo: fileList() };

describe('ReviewFormSchema', () => {
  it('reads the picked star as a number, trims the text and has no photo when none was chosen', () => {
    expect(ReviewFormSchema.parse(typed)).toEqual({
      name: 'Ada',
      location: '',
      rating: 4,
      message: 'Crunchy!',
      photo: undefined,
    });
  });

  it('asks for a name, a rating and a message in the shared schema’s words', () => {
    const result = ReviewFormSchema.safeParse({ name: '  ', location: '', rating: '', message: '', photo: undefined });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(byField).toEqual({
      name: reviewMessages.name,
      rating: reviewMessages.rating,
      message: reviewMessages.message,
    });
  });

  it.each(['0', '6', '45', 'x', ' '])('refuses the rating "%s" in the shared words', (rating) => {
    expect(ReviewFormSchema.safeParse({ ...typed, rating }).error?.issues).toMatchObject([
      { path: ['rating'], message: reviewMessages.rating },
    ]);
  });

  it('gives the form the same words through its resolver, the star picker’s included', async () => {
    const resolve = zodResolver(ReviewFormSchema);
    const { errors } = await resolve({ name: '', location: '', rating: '', message: '', photo: undefined }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))).toEqual({
      name: reviewMessages.name,
      rating: reviewMessages.rating,
      message: reviewMessages.message,
    });
  });

  it('keeps a photo that may be sent, and refuses one too large or of another type', () => {
    const photo = photoOf(10);
    expect(ReviewFormSchema.parse({ ...typed, photo: fileList(photo) }).photo).toBe(photo);

    const tooLarge = ReviewFormSchema.safeParse({ ...typed, photo: fileList(photoOf(REVIEW_PHOTO_MAX_BYTES + 1)) });
    expect(tooLarge.error?.issues).toMatchObject([{ path: ['photo'], message: reviewMessages.photoTooLarge }]);
    const gif = ReviewFormSchema.safeParse({ ...typed, photo: fileList(photoOf(10, 'image/gif', 'nuts.gif')) });
    expect(gif.error?.issues).toMatchObject([{ path: ['photo'], message: reviewMessages.photoType }]);
  });
});

describe('reviewRequestBody', () => {
  const values = { name: 'Ada', location: 'Leeds', rating: 3, message: 'Good.' };

  it('is the review as JSON without a photo', () => {
    expect(reviewRequestBody({ ...values, photo: undefined })).toEqual(values);
  });

  it('is a form with the text fields and the photo as the `image` part when there is one', () => {
    const photo = photoOf(4);
    const body = reviewRequestBody({ ...values, photo });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect([...form.keys()].sort()).toEqual(['image', 'location', 'message', 'name', 'rating']);
    expect(form.get('name')).toBe('Ada');
    expect(form.get('location')).toBe('Leeds');
    expect(form.get('rating')).toBe('3');
    expect(form.get('message')).toBe('Good.');
    const sent = form.get('image') as File;
    expect(sent.name).toBe('nuts.png');
    expect(sent.type).toBe('image/png');
    expect(sent.size).toBe(4);
  });
});

describe('the new review in the cached pages', () => {
  const pages = (items: Review[], total = items.length, average: number | null = items.length ? 5 : null) => ({
    pages: [{ items, total, average }],
    pageParams: [0],
  });
  const posted = (id: string, awaitingApproval = false) => ({ ...review(id), awaitingApproval });

  it('comes first on the first page, once, counted in the summary; pages not loaded yet stay unloaded', () => {
    const older = [review('b'), review('a')];
    const added = withNewReview(pages(older), posted('c'));
    expect(added?.pages[0]?.items.map((item) => item._id)).toEqual(['c', 'b', 'a']);
    expect(added?.pages[0]?.total).toBe(3);
    expect(withNewReview(pages([review('c'), ...older]), posted('c'))).toEqual(pages([review('c'), ...older]));
    expect(withNewReview(undefined, posted('c'))).toBeUndefined();
  });

  it('is in the ["reviews"] query at once unless it waits for approval, and the list is marked for a fresh read', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(reviewsQueryKey, pages([review('a')]));
    await addReviewToCache(queryClient, posted('b'));
    await addReviewToCache(queryClient, posted('c', true));
    const data = queryClient.getQueryData<ReturnType<typeof pages>>(['reviews']);
    expect(data?.pages[0]?.items.map((item) => item._id)).toEqual(['b', 'a']);
    expect(queryClient.getQueryState(['reviews'])?.isInvalidated).toBe(true);
  });

  it('puts a product’s review in its product’s list and the shop’s, and asks for the products’ ratings again', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(reviewsQueryKey, pages([review('a')]));
    queryClient.setQueryData(productReviewsQueryKey('pine-nuts'), pages([]));
    queryClient.setQueryData(productReviewsQueryKey('chia-seeds'), pages([]));
    queryClient.setQueryData(['products', 'pine-nuts'], { _id: 'pine-nuts' });
    await addReviewToCache(queryClient, { ...posted('b'), productId: 'pine-nuts' });
    const ids = (key: readonly unknown[]) =>
      queryClient.getQueryData<ReturnType<typeof pages>>(key)?.pages[0]?.items.map((item) => item._id);
    expect(ids(productReviewsQueryKey('pine-nuts'))).toEqual(['b']);
    expect(ids(productReviewsQueryKey('chia-seeds'))).toEqual([]);
    expect(ids(reviewsQueryKey)).toEqual(['b', 'a']);
    expect(queryClient.getQueryState(['products', 'pine-nuts'])?.isInvalidated).toBe(true);
  });

  it('sends the product reviewed in the JSON body and in the form', () => {
    const values = { name: 'Ann', location: '', rating: 5, message: 'Lovely.', productId: 'pine-nuts' };
    expect(reviewRequestBody({ ...values, photo: undefined })).toEqual(values);
    const photo = new File([new Uint8Array([1])], 'nuts.jpg', { type: 'image/jpeg' });
    expect((reviewRequestBody({ ...values, photo }) as FormData).get('productId')).toBe('pine-nuts');
  });
});
