/** The reviews' texts that the spec words (§2, §8), in one place for the screens and the tests' reading of them. */
export const NO_REVIEWS_TEXT = 'No reviews available';
export const ADD_REVIEW_TEXT = '+ Add a Review';
