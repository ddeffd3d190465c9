/**
 * Generated requests for the API fuzz (tests/server/app/fuzz.test.ts): every route the app registers, read from the
 * app itself, called with hostile paths, queries, headers and bodies (NULs and other control characters, odd
 * unicode, huge numbers, deep or malformed JSON, wrong types), and with bodies close to valid ones so the odd value
 * reaches the handler and the database rather than stopping at the first check.
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { multipartBody } from '#tests/multipart';

export interface RegisteredRoute {
  method: string;
  /** The route's pattern as registered: `/api/cart/remove/:id`, `/uploads/*`. */
  url: string;
}

/**
 * Every method and URL pattern the app's router holds, read from `printRoutes()` (find-my-way's radix tree: each line
 * is one node, its text the part of the path it adds to its parent's, with the methods it answers in brackets), so a
 * route added later is fuzzed without anyone listing it here.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch === -1) continue;
    const depth = branch / 4;
    const node = line.slice(branch + 4);
    const withMethods = /^(.*) \(([A-Z, ]+)\)$/.exec(node);
    prefixes.length = depth;
    prefixes.push(withMethods ? (withMethods[1] ?? '') : node);
    if (!withMethods) continue;
    const url = prefixes.join('');
    for (const method of (withMethods[2] ?? '').split(', ')) routes.push({ method, url });
  }
  return routes;
}

/** Characters that have broken servers: C0 controls and DEL, C1 controls, line and paragraph separators, lone surrogates, a BOM, the last code points. */
const hostileCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\uffff',
  '\u{10ffff}',
  '\u{1f95c}',
  'é',
  'ß',
  '%',
  '/',
  '\\',
  '"',
  "'",
  '<',
  '&',
  '?',
  '#',
  '.',
  ' ',
);

const plainCharacter = fc.constantFrom(...'abcxyz019-_@.'.split(''));

/** A string made to hurt: mostly hostile characters, or any code points at all, or a long one, or a familiar trap. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: fc.oneof(hostileCharacter, plainCharacter), maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 300, maxLength: 3000 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'roasted-cashew-nuts\u0000',
      'cs_test_\u0000',
      '__proto__',
      'constructor',
      'toString',
      '../../etc/passwd',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '9'.repeat(400),
      '1e999',
      'NaN',
      '-0',
      'a@b.co\u0000',
      'x'.repeat(70),
    ),
  },
);

/** Numbers that are not prices or quantities: huge, tiny, negative, fractional, past 2^53. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 2 ** 31, 2 ** 53 + 2, 1e21, -1e21, 1e308, -1e308, 5e-324, 99, 100, 1e6),
);

/** Any JSON value, of every type and some depth. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
);

/** A value like `template` where some leaves were swapped for hostile ones, some keys dropped and some added. */
function mangled(template: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(template))
    return fc.oneof(
      { weight: 4, arbitrary: fc.tuple(...template.map(mangled)) },
      { weight: 1, arbitrary: hostileJson },
    );
  if (template !== null && typeof template === 'object') {
    const entries = Object.entries(template);
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .tuple(
            fc.tuple(
              ...entries.map(([key, value]) =>
                fc.option(mangled(value), { freq: 8, nil: undefined }).map((kept) => [key, kept] as const),
              ),
            ),
            fc.dictionary(hostileString, hostileJson, { maxKeys: 2 }),
          )
          .map(([kept, extra]) => {
            const result: Record<string, unknown> = { ...extra };
            for (const [key, value] of kept) if (value !== undefined) result[key] = value;
            return result;
          }),
      },
      { weight: 1, arbitrary: hostileJson },
    );
  }
  return fc.oneof({ weight: 4, arbitrary: fc.constant(template) }, { weight: 1, arbitrary: hostileJson });
}

/** Every path to a leaf of a JSON value, as keys. */
function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [path];
  return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
}

function withLeaf(value: unknown, path: readonly string[], leaf: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[key] = withLeaf(copy[key], rest, leaf);
  return copy;
}

/**
 * A value like `template`: one leaf changed (to a hostile value, or a string with a hostile tail, so it passes the
 * checks a plain value would and reaches the handler), or several leaves and keys at once.
 */
export function nearly(template: unknown): fc.Arbitrary<unknown> {
  const paths = leafPaths(template);
  const oneLeaf = fc.tuple(fc.constantFrom(...paths), fc.oneof(hostileJson, hostileString)).map(([path, leaf]) => {
    const original = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], template);
    return withLeaf(template, path, typeof original === 'string' && typeof leaf === 'string' ? original + leaf : leaf);
  });
  return fc.oneof(
    { weight: 3, arbitrary: oneLeaf },
    { weight: 2, arbitrary: mangled(template) },
    { weight: 1, arbitrary: fc.constant(template) },
  );
}

/** Percent-encodes a string's UTF-8 bytes (lone surrogates become U+FFFD, as a browser would send them). */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const character = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(character) ? character : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Escapes a raw path or query may carry as they are: NUL, an overlong NUL, a lone surrogate, a bare %, slashes. */
const rawEscape = fc.constantFrom(
  '%00',
  '%C0%80',
  '%ED%A0%80',
  '%FF',
  '%',
  '%2',
  '%2F',
  '..%2F..%2F',
  '%E2%80%A8',
  '%0D%0A',
  '%7F',
  '%C2%85',
  '+',
);

/** One path segment or query value as sent on the wire. */
export const hostileUrlPart: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map(percentEncode) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(rawEscape, plainCharacter), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join('')),
  },
);

export interface FuzzContext {
  /** Realistic values for path parameters, by parameter name (`sessionId`: a real checkout's id …). */
  params: Record<string, readonly string[]>;
  /** Bodies that would pass, by `METHOD /pattern`; routes without one get generic bodies. */
  bodies: Record<string, unknown>;
  /** Authorization headers to send now and then, the first (a live customer's token) most often. */
  authorizations: readonly string[];
}

function fillPath(url: string, context: FuzzContext): fc.Arbitrary<string> {
  const parts = url.split('/').map((segment) => {
    if (segment === '*') return fc.array(hostileUrlPart, { minLength: 1, maxLength: 3 }).map((each) => each.join('/'));
    if (!segment.startsWith(':')) return fc.constant(segment);
    const known = context.params[segment.slice(1)] ?? [];
    return known.length > 0
      ? fc.oneof(
          fc.constantFrom(...known).map(percentEncode),
          hostileUrlPart,
          fc.constantFrom(...known).chain((id) => hostileUrlPart.map((tail) => percentEncode(id) + tail)),
        )
      : hostileUrlPart;
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

const query: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('id', 'q', 'query', 'category', 'session_id', 'token', 'limit', 'offset', 'status'),
            hostileUrlPart,
          ),
          hostileUrlPart,
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  },
  { weight: 1, arbitrary: hostileUrlPart.map((raw) => `?${raw}`) },
);

const nestedArrays = fc.integer({ min: 1, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const nestedObjects = fc
  .integer({ min: 1, max: 8_000 })
  .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/** Bodies that are not what any route takes, as raw text: malformed, deep, oversized numbers, tricky keys. */
const rawJsonBody: fc.Arbitrary<string> = fc.oneof(
  nestedArrays,
  nestedObjects,
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '"\\u0000"',
    '{"name":"\\u0000"}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"qty":1e999}',
    '{"qty":-1e999,"totalPrice":1e400}',
    '{"a":1,"a":2}',
    '\ufeff{}',
    '[]',
    '{"email":"\\ud800@example.com"}',
  ),
);

/** A body for `route`: JSON near a valid one, any JSON, raw text, a form, a multipart form, or none. */
function body(route: RegisteredRoute, context: FuzzContext): fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> {
  const template = context.bodies[`${route.method} ${route.url}`];
  const json = (value: unknown) => ({
    payload: JSON.stringify(value) ?? 'null',
    headers: { 'content-type': 'application/json' },
  });
  const choices: fc.WeightedArbitrary<Pick<InjectOptions, 'payload' | 'headers'>>[] = [
    { weight: 2, arbitrary: hostileJson.map(json) },
    {
      weight: 1,
      arbitrary: rawJsonBody.map((payload) => ({ payload, headers: { 'content-type': 'application/json' } })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=utf-16',
            'image/png',
            '',
          ),
          hostileString,
        )
        .map(([type, text]) => ({ payload: text, headers: type ? { 'content-type': type } : {} })),
    },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(
          fc.oneof(fc.constantFrom('name', 'rating', 'message', 'location', 'cardNumber', 'nameOnCard'), hostileString),
          hostileString,
          { maxKeys: 4 },
        )
        .map((fields) => {
          const form = multipartBody(
            Object.fromEntries(Object.entries(fields).filter(([key]) => !/["\r\n]/.test(key))),
          );
          return { payload: form.payload, headers: form.headers };
        }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  ];
  if (template !== undefined) {
    choices.push({ weight: 6, arbitrary: nearly(template).map(json) });
    if (template !== null && typeof template === 'object' && !Array.isArray(template)) {
      choices.push({
        weight: 2,
        arbitrary: fc.tuple(nearly(template), fc.boolean()).map(([value, asUrlEncoded]) => {
          const fields: Record<string, string> = {};
          if (value !== null && typeof value === 'object')
            for (const [key, field] of Object.entries(value))
              fields[key] = typeof field === 'string' ? field : (JSON.stringify(field) ?? '');
          const safe = Object.entries(fields).filter(([key]) => !/["\r\n]/.test(key));
          return asUrlEncoded
            ? {
                payload: new URLSearchParams(safe).toString(),
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
              }
            : (({ payload, headers }) => ({ payload, headers }))(multipartBody(Object.fromEntries(safe)));
        }),
      });
    }
  }
  return fc.oneof(...choices);
}

const otherMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** One request to one of `routes`: its own method mostly, another now and then. */
export function fuzzRequest(routes: readonly RegisteredRoute[], context: FuzzContext): fc.Arbitrary<InjectOptions> {
  // The API's routes more often than pages and files, whose answers do not depend on much of the request.
  const route = fc.oneof(
    ...routes.map((each) => ({ weight: each.url.startsWith('/api/') ? 3 : 1, arbitrary: fc.constant(each) })),
  );
  return route.chain((route) =>
    fc
      .record({
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom(...otherMethods) },
        ),
        path: fillPath(route.url, context),
        query,
        body: body(route, context),
        authorization: fc.option(
          fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...context.authorizations.slice(0, 1)) },
            { weight: 1, arbitrary: fc.constantFrom(...context.authorizations) },
            { weight: 1, arbitrary: hostileString.map((junk) => `Bearer ${percentEncode(junk)}`) },
          ),
          { freq: 2 },
        ),
        acceptEncoding: fc.constantFrom('br', 'gzip', 'identity', 'br, gzip', undefined),
      })
      .map(({ method, path, query: search, body: { payload, headers }, authorization, acceptEncoding }) => {
        const withBody = method !== 'GET' && method !== 'HEAD';
        return {
          method: method as InjectOptions['method'],
          url: path + search,
          headers: {
            ...(withBody ? headers : {}),
            ...(authorization ? { authorization } : {}),
            ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
          },
          ...(withBody && payload !== undefined ? { payload } : {}),
        };
      }),
  );
}
