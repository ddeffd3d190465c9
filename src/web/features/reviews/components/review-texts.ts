/** The reviews' texts the shop shows, in one place for the screens and the tests' reading of them. */
export const NO_REVIEWS_TEXT = 'No reviews available';
export const ADD_REVIEW_TEXT = '+ Add a Review';
