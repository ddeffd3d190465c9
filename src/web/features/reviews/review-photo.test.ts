import { describe, expect, it } from 'vitest';
import { REVIEW_PHOTO_MAX_BYTES, reviewMessages } from '#shared/schemas/review';
import { chosenFile, REVIEW_PHOTO_ACCEPT, reviewPhotoProblem } from './review-photo.ts';

/** A FileList as the browser hands one over (Node has no FileList). */
const fileList = (...files: File[]) => ({ length: files.length, item: (index: number) => files[index] ?? null });

describe('reviewPhotoProblem', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp'])('accepts %s up to 5 MB', (type) => {
    expect(reviewPhotoProblem({ type, size: 1 })).toBeUndefined();
    expect(reviewPhotoProblem({ type, size: REVIEW_PHOTO_MAX_BYTES })).toBeUndefined();
  });

  it('refuses a photo of one byte over 5 MB', () => {
    expect(reviewPhotoProblem({ type: 'image/png', size: REVIEW_PHOTO_MAX_BYTES + 1 })).toBe(
      reviewMessages.photoTooLarge,
    );
  });

  it.each(['image/gif', 'image/svg+xml', 'image/heic', 'application/pdf', ''])('refuses the type "%s"', (type) => {
    expect(reviewPhotoProblem({ type, size: 100 })).toBe(reviewMessages.photoType);
  });

  it('the picker offers the types the shop accepts', () => {
    expect(REVIEW_PHOTO_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });
});

describe('chosenFile', () => {
  const photo = new File([new Uint8Array([1, 2, 3])], 'nuts.png', { type: 'image/png' });

  it('takes the first file of the input’s list, or the file itself', () => {
    expect(chosenFile(fileList(photo))).toBe(photo);
    expect(chosenFile(photo)).toBe(photo);
  });

  it('is undefined when nothing was chosen', () => {
    expect(chosenFile(fileList())).toBeUndefined();
    expect(chosenFile(undefined)).toBeUndefined();
    expect(chosenFile(null)).toBeUndefined();
    expect(chosenFile('nuts.png')).toBeUndefined();
  });
});
