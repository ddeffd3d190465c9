/**
 * A review sent as a form (multipart) rather than JSON: its text fields become the body that `ReviewBodySchema`
 * checks, as a JSON body would be, and its one photo is kept aside for the handler. Registered by the review routes
 * only: no other route takes files.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REVIEW_PHOTO_FIELD, REVIEW_PHOTO_MAX_BYTES, reviewMessages } from '#shared/schemas/review';
import { HttpError } from '../../errors.ts';
import { reviewTexts } from './messages.ts';

/** Room for the text fields beside the photo; a field over this is cut and then fails validation as too long. */
const FIELD_MAX_BYTES = 16 * 1024;
const MAX_FIELDS = 10;

/** The photo bytes read from a multipart request, kept beside the request until the handler takes them. */
const photos = new WeakMap<FastifyRequest, Buffer>();

/** What @fastify/multipart (busboy) throws, as an answer of ours; anything else about the form is a bad body. */
function multipartError(error: unknown): HttpError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, reviewMessages.photoTooLarge);
  if (code === 'FST_FILES_LIMIT') return new HttpError(413, reviewTexts.onePhoto);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new HttpError(413, reviewTexts.tooManyFields);
  if (error instanceof HttpError) return error;
  return new HttpError(400, reviewMessages.body);
}

/**
 * Takes JSON or a form with a photo in this scope; plain text, url-encoded forms and anything else answer 415
 * (limits: one photo of 5 MB, a few short fields).
 */
export async function acceptReviewForms(app: FastifyInstance) {
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
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new HttpError(415, reviewMessages.body), undefined);
  });
}

/**
 * A preValidation hook: reads a multipart request before validation. A browser's empty file input (no name, no
 * bytes) is no photo.
 */
export async function readReviewForm(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read whole even when refused, so the size limit still applies and the stream is drained.
        const bytes = await part.toBuffer();
        if (part.fieldname !== REVIEW_PHOTO_FIELD) throw new HttpError(400, reviewTexts.photoField);
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

/** The photo `readReviewForm` kept for this request, if any. */
export function photoOf(request: FastifyRequest): Buffer | undefined {
  return photos.get(request);
}
