/**
 * The review photo checked in the browser before it is sent, by the limits the server applies (which judges the
 * type again from the file's content, not from what the browser says it is).
 */
import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_TYPES, reviewMessages } from '#shared/schemas/review';

/** The file picker's filter: the types the shop accepts. */
export const REVIEW_PHOTO_ACCEPT = REVIEW_PHOTO_TYPES.join(',');

/** What is wrong with the chosen photo, in the shared schema's words, or undefined when it may be sent. */
export function reviewPhotoProblem(file: Pick<Blob, 'size' | 'type'>): string | undefined {
  if (!(REVIEW_PHOTO_TYPES as readonly string[]).includes(file.type)) return reviewMessages.photoType;
  if (file.size > REVIEW_PHOTO_MAX_BYTES) return reviewMessages.photoTooLarge;
  return undefined;
}

/** The file an `<input type="file">` holds (react-hook-form gives its FileList), or undefined when none is chosen. */
export function chosenFile(value: unknown): File | undefined {
  if (typeof File !== 'undefined' && value instanceof File) return value;
  if (typeof value === 'object' && value !== null && 'item' in value && typeof value.item === 'function') {
    const first: unknown = (value as FileList).item(0);
    if (typeof File !== 'undefined' && first instanceof File) return first;
  }
  return undefined;
}
