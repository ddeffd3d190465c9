/**
 * Customer reviews (spec §3, contract §2, §3, §6): `GET /api/reviews` lists them newest first; `POST /api/reviews`
 * takes one as JSON, or as a form (multipart) with an optional photo in the `image` part, and answers 201 with the
 * review. Anonymous reviews are allowed; one from a logged-in customer with an order carries `verified: true`.
 * Limited per client address (and per customer when logged in). Decision 041.
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import {
  REVIEW_PHOTO_FIELD,
  REVIEW_PHOTO_MAX_BYTES,
  ReviewBodySchema,
  ReviewListSchema,
  ReviewSchema,
  reviewMessages,
} from '#shared/schemas/review';
import { toWireReview } from '../../../plugins/app/review-repository.ts';

export const reviewTexts = {
  tooMany: 'You have posted several reviews in a short time. Please wait a few minutes and try again.',
  onePhoto: 'Please attach one photo only.',
  photoField: `Please send the photo in the "${REVIEW_PHOTO_FIELD}" field.`,
  tooManyFields: 'The form has too many fields.',
};

const WINDOW_MS = 15 * 60_000;

/** Reviews per 15 minutes before RATE_LIMIT_FACTOR: from one client address, and from one customer's account. */
export const reviewLimits = { perAddress: 5, perAccount: 5 };

/** Room for the text fields beside the photo; a field over this is cut and then fails validation as too long. */
const FIELD_MAX_BYTES = 16 * 1024;
const MAX_FIELDS = 10;

/** A 4xx the error handler answers as `{ message }` with this status. */
class ReviewRequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The photo bytes read from a multipart request, kept beside the request until the handler takes them. */
const photos = new WeakMap<FastifyRequest, Buffer>();

/** What @fastify/multipart (busboy) throws, as an answer of ours; anything else about the form is a bad body. */
function multipartError(error: unknown): ReviewRequestError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ReviewRequestError(413, reviewMessages.photoTooLarge);
  if (code === 'FST_FILES_LIMIT') return new ReviewRequestError(413, reviewTexts.onePhoto);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new ReviewRequestError(413, reviewTexts.tooManyFields);
  if (error instanceof ReviewRequestError) return error;
  return new ReviewRequestError(400, reviewMessages.body);
}

/**
 * Reads a multipart request before validation: its text fields become the body that `ReviewBodySchema` checks (as
 * a JSON body would be), and the photo is kept aside. A browser's empty file input (no name, no bytes) is no photo.
 */
async function readMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read whole even when refused, so the size limit still applies and the stream is drained.
        const bytes = await part.toBuffer();
        if (part.fieldname !== REVIEW_PHOTO_FIELD) throw new ReviewRequestError(400, reviewTexts.photoField);
        if (bytes.length > 0) photo = bytes;
        continue;
      }
      const previous = fields[part.fieldname];
      // A repeated field becomes a list, which validation refuses, rather than one value silently winning.
      fields[part.fieldname] =
        previous === undefined ? part.value : [...(Array.isArray(previous) ? previous : [previous]), part.value];
    }
  } catch (error) {
    throw multipartError(error);
  }
  request.body = fields;
  if (photo) photos.set(request, photo);
}

const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only here: no other route takes files (limits: one photo of 5 MB, a few short fields).
  await app.register(multipart, {
    limits: {
      files: 1,
      fileSize: REVIEW_PHOTO_MAX_BYTES,
      fields: MAX_FIELDS,
      fieldSize: FIELD_MAX_BYTES,
      parts: MAX_FIELDS + 1,
      headerPairs: 20,
    },
  });
  // JSON or a form with a photo; plain text, url-encoded forms and anything else answer 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new ReviewRequestError(415, reviewMessages.body), undefined);
  });

  /** A bearer token makes the author a customer (and a bad one answers 401); without one they are anonymous. */
  const customerIfLoggedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== undefined) await app.requireCustomer(request, reply);
  };

  // Public: the same list for everyone (decision 046).
  app.get('/', { config: { cache: 'public' }, schema: { response: { 200: ReviewListSchema } } }, async () =>
    (await app.reviewRepository.listNewestFirst()).map(toWireReview),
  );

  app.post(
    '/',
    {
      schema: { body: ReviewBodySchema, response: { 201: ReviewSchema, '4xx': ApiErrorSchema } },
      onRequest: customerIfLoggedIn,
      preValidation: readMultipart,
      // After validation: a bad body is refused (400) before it is counted.
      preHandler: app.attemptLimit({
        name: 'reviews',
        message: reviewTexts.tooMany,
        perAddress: { max: reviewLimits.perAddress, windowMs: WINDOW_MS },
        perAccount: { max: reviewLimits.perAccount, windowMs: WINDOW_MS, key: (request) => request.customer?.id },
      }),
    },
    async (request, reply) => {
      const { customer } = request;
      const photo = photos.get(request);
      let image: string | null = null;
      if (photo) {
        const saved = await app.reviewPhotos.save(photo);
        if (saved.status === 'unsupported') {
          request.log.info({ bytes: photo.length }, 'refused review photo');
          return reply.code(415).send({ message: reviewMessages.photoType });
        }
        if (saved.status === 'too-many-pixels') {
          // 413, the contract's "too large": the picture is, even when its file is small.
          request.log.info({ width: saved.width, height: saved.height }, 'refused review photo: too many pixels');
          return reply.code(413).send({ message: reviewMessages.photoTooManyPixels });
        }
        image = saved.url;
      }
      try {
        const verified = customer ? await app.orderRepository.hasOrders(customer) : false;
        const stored = await app.reviewRepository.create({
          ...request.body,
          image,
          userId: customer?.id ?? null,
          verified,
        });
        request.log.info({ reviewId: stored.id, verified, photo: image !== null }, 'review posted');
        return reply.code(201).send(toWireReview(stored));
      } catch (error) {
        // A photo without its review would never be shown or cleaned up.
        if (image) await app.reviewPhotos.discard(image).catch(() => {});
        throw error;
      }
    },
  );
};

export default reviewsRoutes;
