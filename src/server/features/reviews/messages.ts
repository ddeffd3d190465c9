/** What the review endpoints answer beyond the shared schema's messages; the tests read them from here too. */
import { REVIEW_PHOTO_FIELD } from '#shared/schemas/review';

export const reviewTexts = {
  tooMany: 'You have posted several reviews in a short time. Please wait a few minutes and try again.',
  onePhoto: 'Please attach one photo only.',
  photoField: `Please send the photo in the "${REVIEW_PHOTO_FIELD}" field.`,
  tooManyFields: 'The form has too many fields.',
};
