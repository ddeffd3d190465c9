/**
 * One app-wide preValidation hook that refuses a control character in anything the shop takes (decision 047):
 * every path parameter, query key and value, and every key and string of a parsed JSON or form body, with the
 * shared rule (`#shared/control-characters`; line breaks and tabs only inside body strings); and in a body's keys
 * and strings, a lone surrogate (`loneSurrogate` below). The answer is 400
 * `{ message, errors: [{ field, message }] }`, before any schema, handler or query sees the value: a NUL that reached
 * PostgreSQL came back as a 500. Raw bodies (the Stripe webhook's bytes) are left to their route; a multipart form is
 * read after this hook, by its route, and its fields pass the same rule in the shared schema.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasControlCharacter } from '#shared/control-characters';
import { HttpError } from '../../errors.ts';

export const controlCharacterMessages = {
  address: 'The address contains a control character (such as a NUL byte), which is not allowed.',
  field: 'Please remove the control characters from this field.',
  notText: 'This field holds half of a character (a lone surrogate), which is not text. Please type it again.',
} as const;

/**
 * Half of a UTF-16 pair with no other half: no character at all, and only a JSON `\ud800` escape can carry one (a
 * browser's form sends U+FFFD, an address's bytes cannot decode to it). PostgreSQL refuses it inside jsonb (an
 * address, an audit record: a 500) and stores it in text as U+FFFD, so it is refused here with the control
 * characters.
 */
const loneSurrogate = /\p{Cs}/u;

interface Finding {
  field: string;
  message: string;
}

/** The first path parameter or query key or value with any control character; `prefix` names a bad key. */
function findInAddress(values: unknown, prefix: string): Finding | undefined {
  if (values === null || typeof values !== 'object') return undefined;
  const message = controlCharacterMessages.address;
  for (const [key, value] of Object.entries(values)) {
    if (hasControlCharacter(key)) return { field: prefix, message };
    // A repeated query key is a list of strings.
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' && hasControlCharacter(item)) return { field: key, message };
    }
  }
  return undefined;
}

/**
 * The first key or string of a parsed body with a control character, walked without recursion (a body may nest
 * thousands deep within its 100 KB). Field names are dotted paths, as validation errors name them.
 */
function findInBody(body: unknown): Finding | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (hasControlCharacter(value, { lineBreaks: 'allowed' }))
        return { field: path, message: controlCharacterMessages.field };
      if (loneSurrogate.test(value)) return { field: path, message: controlCharacterMessages.notText };
      continue;
    }
    // Buffers are raw bodies (the webhook's signed bytes), not text.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return { field: path, message: controlCharacterMessages.field };
      if (loneSurrogate.test(key)) return { field: path, message: controlCharacterMessages.notText };
      pending.push({ value: item, path: path === '' ? key : `${path}.${key}` });
    }
  }
  return undefined;
}

/**
 * Path parameters and the query are decoded from the address: without a '%' escape in it, they hold a control
 * character only if the address does. One test of a short string spares the busiest reads walking two objects.
 */
function findInDecodedAddress(request: FastifyRequest): Finding | undefined {
  if (!request.url.includes('%') && !hasControlCharacter(request.url)) return undefined;
  return findInAddress(request.params, 'path') ?? findInAddress(request.query, 'query');
}

async function refuseControlCharacters(request: FastifyRequest) {
  const finding = findInDecodedAddress(request) ?? findInBody(request.body);
  if (!finding) return;
  request.log.info({ field: finding.field }, 'rejected control character');
  // Answered as JSON whatever the URL (a page's address too), with the API's headers, by errors.ts.
  throw new HttpError(400, finding.message, { field: finding.field });
}

export default fp(
  async (app) => {
    app.addHook('preValidation', refuseControlCharacters);
  },
  { name: 'control-characters' },
);
