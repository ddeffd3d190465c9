/**
 * Wire contracts for customer reviews (docs/api.md, Money and ids and Limits): what the Add a Review dialog sends and
 * the review the API answers. The optional photo travels as a multipart file part and is checked by the server
 * from its content; these schemas cover the text fields, which multipart sends as strings.
 */
import { z } from 'zod';
import { hasControlCharacter } from '#shared/control-characters';
import { NAME_MAX_LENGTH } from '#shared/schemas/user';

export const REVIEW_MESSAGE_MAX_LENGTH = 2000;
export const REVIEW_LOCATION_MAX_LENGTH = 100;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Largest photo accepted before re-encoding (docs/api.md, Limits). */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Most pixels a photo may have (width × height): a 48-megapixel phone photo fits (decision 048). A small file can
 * claim a huge picture, and decoding costs time by the pixel, so the server refuses more from the file's header.
 */
export const REVIEW_PHOTO_MAX_PIXELS = 50_000_000;
/** Photo types accepted, judged from the file's content, not its name. */
export const REVIEW_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The multipart field that carries the photo. */
export const REVIEW_PHOTO_FIELD = 'image';

export const reviewMessages = {
  body: 'Please send the review as a JSON object or a form.',
  name: 'Please enter your name.',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  nameOneLine: 'Please enter your name without line breaks.',
  location: `Location must be at most ${REVIEW_LOCATION_MAX_LENGTH} characters, on one line.`,
  rating: `Please choose a rating from ${RATING_MIN} to ${RATING_MAX} stars.`,
  message: 'Please write your review.',
  messageTooLong: `Your review must be at most ${REVIEW_MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  messageControl: 'Please remove the control characters from your review.',
  photoTooLarge: 'Your photo must be at most 5 MB.',
  photoTooManyPixels:
    'Your photo must be at most 50 megapixels (for example 8,000 × 6,000 pixels), or 25 if it has 16-bit colour.',
  photoType: 'Your photo must be a JPEG, PNG or WebP image.',
  photoNotStored: 'We can’t store photos at the moment. Please send your review without the photo, or try again later.',
  productId: 'productId must be a product id.',
  productUnknown: 'productId names no product the shop sells.',
} as const;

/** A product id as reviews name it: the catalog's slug. */
const reviewedProductId = z
  .string({ error: reviewMessages.productId })
  .trim()
  .max(80, { error: reviewMessages.productId })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: reviewMessages.productId });

/** `POST /api/reviews`: name and message required, location optional, a whole-number rating from 1 to 5. */
export const ReviewBodySchema = z.object(
  {
    name: z
      .string({ error: reviewMessages.name })
      .trim()
      .min(1, { error: reviewMessages.name })
      .max(NAME_MAX_LENGTH, { error: reviewMessages.nameTooLong })
      .refine((name) => !hasControlCharacter(name), { error: reviewMessages.nameOneLine }),
    location: z
      .string({ error: reviewMessages.location })
      .trim()
      .max(REVIEW_LOCATION_MAX_LENGTH, { error: reviewMessages.location })
      .refine((location) => !hasControlCharacter(location), { error: reviewMessages.location })
      .default(''),
    // A form sends "4": a digit string is read as its number, anything else is refused.
    rating: z
      .union([z.number(), z.string().trim().regex(/^\d$/).transform(Number)], { error: reviewMessages.rating })
      .pipe(
        z
          .number({ error: reviewMessages.rating })
          .int({ error: reviewMessages.rating })
          .min(RATING_MIN, { error: reviewMessages.rating })
          .max(RATING_MAX, { error: reviewMessages.rating }),
      ),
    message: z
      .string({ error: reviewMessages.message })
      .trim()
      .min(1, { error: reviewMessages.message })
      .max(REVIEW_MESSAGE_MAX_LENGTH, { error: reviewMessages.messageTooLong })
      // Line breaks and tabs belong in a review; other control characters (a NUL, which PostgreSQL refuses in text)
      // do not.
      .refine((message) => !hasControlCharacter(message, { lineBreaks: 'allowed' }), {
        error: reviewMessages.messageControl,
      }),
    /** The product reviewed, one the shop sells; without it, a review of the shop (docs/api.md, Reviews). */
    productId: reviewedProductId.optional(),
  },
  { error: reviewMessages.body },
);
export type ReviewBody = z.infer<typeof ReviewBodySchema>;
export type ReviewInput = z.input<typeof ReviewBodySchema>;

/** A review as the API shows it (docs/api.md, Money and ids), plus `verified`: posted by a logged-in customer with a paid order. */
export const ReviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  location: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  message: z.string(),
  /** The photo's URL, when the review has one. */
  image: z.string().optional(),
  /** ISO 8601. */
  createdAt: z.string(),
  verified: z.boolean(),
  /** The product reviewed; absent for a review of the shop. */
  productId: z.string().optional(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** How many reviews `GET /api/reviews` answers when not told, and at most (docs/api.md, Reviews). */
export const REVIEWS_PAGE_DEFAULT_LIMIT = 20;
export const REVIEWS_PAGE_MAX_LIMIT = 100;

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number.` })
    .int({ error: `${name} must be a whole number.` })
    .min(min, { error: `${name} must be at least ${min}.` })
    .max(max, { error: `${name} must be at most ${max.toLocaleString('en-GB')}.` });

/** `GET /api/reviews?limit=&offset=&productId=`: a page of the shown reviews (of one product), newest first. */
export const ReviewsQuerySchema = z.object({
  productId: reviewedProductId.optional(),
  limit: wholeNumber('limit', 1, REVIEWS_PAGE_MAX_LIMIT).default(REVIEWS_PAGE_DEFAULT_LIMIT),
  offset: wholeNumber('offset', 0, 1_000_000_000).default(0),
});
export type ReviewsQuery = z.infer<typeof ReviewsQuerySchema>;

/**
 * A page of the shown reviews (of the shop, or of one product), newest first, with their number (`total`) and average
 * rating to one decimal (null when there are none), both over every such shown review, not only this page's.
 */
export const ReviewPageSchema = z.object({
  items: z.array(ReviewSchema),
  total: z.number().int(),
  average: z.number().nullable(),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** `POST /api/reviews`'s answer: the review, and whether it waits for the owner's approval before the shop shows it. */
export const PostedReviewSchema = ReviewSchema.extend({ awaitingApproval: z.boolean() });
export type PostedReview = z.infer<typeof PostedReviewSchema>;

/** The owner's review settings: with `approvalRequired`, a new review is hidden until the owner shows it. */
export const ReviewSettingsSchema = z.strictObject(
  { approvalRequired: z.boolean({ error: 'approvalRequired must be true or false.' }) },
  { error: 'Send { approvalRequired: true } or { approvalRequired: false }.' },
);
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;
