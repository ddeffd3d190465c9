/**
 * Generated requests for the API fuzz (tests/server/app/fuzz.test.ts): every route the app registers, read from the
 * app itself, called with hostile paths, queries, headers and bodies (NULs and other control characters, odd
 * unicode, numbers at the edges, deep or malformed JSON, wrong types, `__proto__` and `constructor` keys, SQL and
 * HTML fragments), and with bodies, queries, ids and uploads close to valid ones so the odd value reaches the handler
 * and the database rather than stopping at the first check.
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

/** Dates as text at the calendar's edges: year 0 (JavaScript has one, PostgreSQL not), leap days, ten thousand. */
export const edgeDateText: fc.Arbitrary<string> = fc.constantFrom(
  '0000-01-01',
  '0000-12-31',
  '0001-01-01',
  '1969-12-31',
  '1970-01-01',
  '2024-02-29',
  '2023-02-29',
  '2026-03-29',
  '2026-10-25',
  '2026-13-01',
  '2026-00-10',
  '9999-12-31',
  '10000-01-01',
  '+002026-01-01',
  '-000001-01-01',
  '2026-1-1',
  '20260101',
  '2026-01-01T00:00:00Z',
);

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

/** What a query built by string concatenation, or a LIKE pattern, would trip on. */
const sqlFragments = [
  "' or 1=1 --",
  "1' or '1'='1",
  '" or ""="',
  "'; drop table users; --",
  '1); delete from orders; --',
  "' union select password_hash from users --",
  '%',
  '_',
  '%_%\\',
  "\\'",
  '$$',
  "E'\\x00'",
  "'||pg_sleep(2)||'",
  '::text',
  '/*',
];

/** What a page or a mail that forgot to escape would run or show. */
const htmlFragments = [
  '<script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '<!--',
  ']]>',
  '&lt;b&gt;',
  '&#0;',
  'javascript:alert(1)',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant as these characters.
  '${7*7}',
  '<a href="https://evil.example">click</a>',
];

/** Numbers written as text, where a parser might read something other than what is written. */
export const edgeNumberText: fc.Arbitrary<string> = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0',
  '-1',
  '1e999',
  '1e308',
  '5e-324',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  '4294967296',
  '9'.repeat(400),
  '0x10',
  '0b1',
  '1_000',
  '1,5',
  '1.005',
  '.5',
  '5.',
  '+1',
  ' 1',
  '1 ',
  '1e2',
  '00001',
  '１２',
  '',
);

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
      'a@b.co\u0000',
      'x'.repeat(70),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...sqlFragments, ...htmlFragments) },
  { weight: 1, arbitrary: edgeNumberText },
  { weight: 1, arbitrary: edgeDateText },
);

/** Numbers that are not prices or quantities: huge, tiny, negative, fractional, either side of 2^31, 2^32 and 2^53. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    0.1 + 0.2,
    1.005,
    0.001,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53 - 1,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e21,
    -1e21,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    5e-324,
    Number.EPSILON,
    5,
    6,
    99,
    100,
    1e6,
    1_000_001,
    10_000.01,
  ),
);

/** Keys that reach an object's prototype when copied or merged carelessly. */
const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype');

/** What a polluted prototype would make every object claim. */
const pollution = fc.constantFrom<unknown>(
  { polluted: 'yes' },
  { role: 'admin', isAdmin: true, polluted: 'yes' },
  { prototype: { polluted: 'yes' } },
  { toString: 'polluted', hasOwnProperty: 'polluted', polluted: 'yes' },
  'polluted',
  null,
);

/**
 * An object with these own keys, `__proto__` included as a key of its own (an object literal or `obj[key] = …` would
 * set the prototype instead, and JSON.stringify would leave it out).
 */
export function objectOf(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  return result;
}

/** Any key: a hostile string, or one that reaches the prototype. */
const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: prototypeKey },
);

/** Any JSON value, of every type and some depth. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  fc.array(hostileString, { maxLength: 4 }),
  fc.array(fc.tuple(hostileKey, fc.oneof(hostileString, pollution)), { maxLength: 4 }).map(objectOf),
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
            fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 2 }),
          )
          .map(([kept, extra]) => objectOf([...extra, ...kept.filter((entry) => entry[1] !== undefined)])),
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
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    copy[Number(key)] = withLeaf(copy[Number(key)], rest, leaf);
    return copy;
  }
  const entries = Object.entries(value as object).filter(([each]) => each !== key);
  return objectOf([...entries, [key, withLeaf((value as Record<string, unknown>)[key], rest, leaf)]]);
}

/** Every path to an object (not an array) within a JSON value, the value itself included. */
function objectPaths(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [];
  const inner = Object.entries(value).flatMap(([key, item]) => objectPaths(item, [...path, key]));
  return Array.isArray(value) ? inner : [path, ...inner];
}

/**
 * A value like `template`: one leaf changed (to a hostile value, or a string with a hostile tail, so it passes the
 * checks a plain value would and reaches the handler), or several leaves and keys at once.
 */
export function nearly(template: unknown): fc.Arbitrary<unknown> {
  const paths = leafPaths(template);
  const leafAt = (path: readonly string[]) =>
    path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], template);
  const oneLeaf = fc
    .constantFrom(...paths)
    .chain((path) => {
      const original = leafAt(path);
      // A number is most often swapped for another (the edges a range check must hold), a string for one with a tail.
      const leaf =
        typeof original === 'number'
          ? fc.oneof({ weight: 3, arbitrary: hostileNumber }, { weight: 1, arbitrary: hostileJson })
          : fc.oneof(hostileJson, hostileString);
      return leaf.map((value) => [path, original, value] as const);
    })
    .map(([path, original, leaf]) =>
      withLeaf(template, path, typeof original === 'string' && typeof leaf === 'string' ? original + leaf : leaf),
    );
  const choices: fc.WeightedArbitrary<unknown>[] = [
    { weight: 4, arbitrary: oneLeaf },
    { weight: 2, arbitrary: mangled(template) },
    { weight: 2, arbitrary: fc.constant(template) },
  ];
  // The valid body with `__proto__`, `constructor` or `prototype` added to one of its objects: a merge or a copy that
  // honours such a key would change what every object in the process answers (the fuzz looks after each request).
  const objects = objectPaths(template);
  if (objects.length > 0)
    choices.push({
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...objects), prototypeKey, pollution).map(([path, key, value]) => {
        const target = path.reduce<unknown>((node, each) => (node as Record<string, unknown>)[each], template);
        return withLeaf(template, path, objectOf([...Object.entries(target as object), [key, value]]));
      }),
    });
  return fc.oneof(...choices);
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

/** A file a route takes as multipart, as a valid upload would send it. */
export interface UploadTemplate {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** `YYYY-MM-DD`, `days` from now: a best-before the shop accepts. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Several bodies for one route that each pass (and answer differently), each fuzzed as a single one would be. */
export class Alternatives {
  readonly templates: readonly unknown[];
  constructor(...templates: unknown[]) {
    this.templates = templates;
  }
}

export interface FuzzContext {
  /** Realistic values for path parameters, by parameter name (`sessionId`: a real checkout's id …). */
  params: Record<string, readonly string[]>;
  /**
   * Values for one route's parameters, by pattern (`/api/admin/orders/:id`, whatever the method) and then parameter
   * name, where a name means different things on different routes (`:id` is a cart line's product, an order, a
   * review, a message): these win over `params`.
   */
  routeParams?: Record<string, Record<string, readonly string[]>>;
  /** Bodies that would pass, by `METHOD /pattern` (or `Alternatives` of them); routes without one get generic bodies. */
  bodies: Record<string, unknown>;
  /** Query strings that would pass, by `METHOD /pattern`, as their fields; each is sent mangled, or as it is. */
  queries?: Record<string, Record<string, string>>;
  /** The file a route takes (a picture upload), by `METHOD /pattern`: sent whole, cut, swapped or misnamed. */
  uploads?: Record<string, UploadTemplate>;
  /**
   * Authorization headers: the one sent most often on a route, by the longest prefix of its pattern that is listed
   * (a customer's token under `/`, an admin's under `/api/admin/`), and others now and then.
   */
  authorizations: { usual: Record<string, string>; others: readonly string[] };
}

const routeKey = (route: RegisteredRoute) => `${route.method} ${route.url}`;

function fillPath(route: RegisteredRoute, context: FuzzContext): fc.Arbitrary<string> {
  const parts = route.url.split('/').map((segment) => {
    if (segment === '*') return fc.array(hostileUrlPart, { minLength: 1, maxLength: 3 }).map((each) => each.join('/'));
    if (!segment.startsWith(':')) return fc.constant(segment);
    const name = segment.slice(1);
    const known = context.routeParams?.[route.url]?.[name] ?? context.params[name] ?? [];
    return known.length > 0
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...known).map(percentEncode) },
          { weight: 2, arbitrary: hostileUrlPart },
          { weight: 1, arbitrary: edgeNumberText.map(percentEncode) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(...known).chain((id) => hostileUrlPart.map((tail) => percentEncode(id) + tail)),
          },
        )
      : fc.oneof({ weight: 3, arbitrary: hostileUrlPart }, { weight: 1, arbitrary: edgeNumberText.map(percentEncode) });
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

/** One query value: hostile text, a number at the edge, or a raw escape. */
const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileUrlPart },
  { weight: 2, arbitrary: edgeNumberText.map(percentEncode) },
  { weight: 2, arbitrary: edgeDateText.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom(...sqlFragments, ...htmlFragments).map(percentEncode) },
);

const queryKey: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'id',
      'ids',
      'q',
      'query',
      'category',
      'collection',
      'session_id',
      'token',
      'limit',
      'offset',
      'status',
      'hidden',
      'from',
      'to',
      'action',
      'target',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('__proto__', 'constructor', '__proto__[polluted]', 'constructor[prototype]'),
  },
  { weight: 2, arbitrary: hostileUrlPart },
);

const queryText = (pairs: readonly (readonly [string, string])[]) =>
  pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`;

/** Values of the same kind as `value` that a check may let through: other dates for a date, other numbers for one. */
function alike(value: string): fc.Arbitrary<string> {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return edgeDateText;
  if (/^-?\d+(\.\d+)?$/.test(value)) return edgeNumberText;
  return fc.oneof(edgeNumberText, fc.constantFrom(...sqlFragments, ...htmlFragments));
}

/** A query string for `route`: none, hostile keys and values, raw text, or the route's valid query mangled. */
function query(route: RegisteredRoute, context: FuzzContext): fc.Arbitrary<string> {
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.constant('') },
    {
      weight: 2,
      arbitrary: fc.array(fc.tuple(queryKey, queryValue), { minLength: 1, maxLength: 4 }).map(queryText),
    },
    { weight: 1, arbitrary: hostileUrlPart.map((raw) => `?${raw}`) },
  ];
  const template = context.queries?.[routeKey(route)];
  if (template) {
    const fields = Object.entries(template).map(([key, value]) => [key, percentEncode(value)] as const);
    choices.push({
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.tuple(
            ...fields.map(([key, value]) =>
              fc
                .oneof(
                  { weight: 3, arbitrary: fc.constant(value) },
                  { weight: 2, arbitrary: queryValue },
                  { weight: 2, arbitrary: alike(value).map(percentEncode) },
                  { weight: 1, arbitrary: queryValue.map((tail) => value + tail) },
                  // Twice: the parser then hands the route a list where it expects one value.
                  { weight: 1, arbitrary: queryValue.map((other) => `${value}&${key}=${other}`) },
                  { weight: 1, arbitrary: fc.constant(undefined) },
                )
                .map((kept) => (kept === undefined ? undefined : ([key, kept] as const))),
            ),
          ),
          fc.array(fc.tuple(queryKey, queryValue), { maxLength: 2 }),
        )
        .map(([kept, extra]) => queryText([...kept.filter((pair) => pair !== undefined), ...extra])),
    });
  }
  return fc.oneof(...choices);
}

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
  const template = context.bodies[routeKey(route)];
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
    const templates = template instanceof Alternatives ? template.templates : [template];
    const near = fc.oneof(...templates.map(nearly));
    choices.push({ weight: 12, arbitrary: near.map(json) });
    if (templates.every((each) => each !== null && typeof each === 'object' && !Array.isArray(each))) {
      choices.push({
        weight: 2,
        arbitrary: fc.tuple(near, fc.boolean()).map(([value, asUrlEncoded]) => {
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
  const upload = context.uploads?.[routeKey(route)];
  if (upload) choices.push({ weight: 12, arbitrary: uploadBody(upload) });
  return fc.oneof(...choices);
}

/** A multipart upload near `template`: the file whole, cut short, emptied, swapped for junk, misnamed, doubled. */
function uploadBody(template: UploadTemplate): fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> {
  const content = fc.oneof(
    { weight: 3, arbitrary: fc.constant(template.content) },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: 0, max: template.content.length - 1 })
        .map((length) => template.content.subarray(0, length)),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.nat({ max: template.content.length - 1 }), fc.uint8Array({ minLength: 1, maxLength: 16 }))
        .map(([at, bytes]) => {
          const copy = Buffer.from(template.content);
          copy.set(bytes.subarray(0, copy.length - at), at);
          return copy;
        }),
    },
  );
  // A quote or a line break would end the part's header early: hostile in another way than the one looked for here.
  const headerSafe = hostileString.filter((text) => !/["\r\n]/.test(text));
  const file = fc.record({
    field: fc.oneof({ weight: 4, arbitrary: fc.constant(template.field) }, { weight: 1, arbitrary: headerSafe }),
    filename: fc.oneof(
      { weight: 3, arbitrary: fc.constant(template.filename) },
      { weight: 1, arbitrary: headerSafe },
      { weight: 1, arbitrary: fc.constantFrom('../../../etc/passwd', 'x.png.exe', '.htaccess', 'a'.repeat(300)) },
    ),
    contentType: fc.oneof(
      { weight: 3, arbitrary: fc.constant(template.contentType) },
      { weight: 1, arbitrary: fc.constantFrom('image/svg+xml', 'text/html', 'application/octet-stream', '') },
    ),
    content,
  });
  return fc
    .tuple(
      fc.array(file, { minLength: 1, maxLength: 2 }),
      fc.dictionary(
        headerSafe.filter((key) => key.length > 0),
        hostileString,
        { maxKeys: 1 },
      ),
    )
    .map(([files, fields]) => {
      const { payload, headers } = multipartBody(fields, files);
      return { payload, headers };
    });
}

/** A header value as it can reach the server: tab and visible Latin-1, nothing a real HTTP parser would refuse. */
const headerValue: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((text) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '')),
  edgeNumberText,
  fc.constantFrom(...sqlFragments, ...htmlFragments),
  fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=9999999999-', 'bytes=0-1,2-3,4-5', 'bytes=a-b'),
  fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT', 'yesterday'),
  fc.constantFrom('t=1,v1=abc', 't=,v1=', 't=99999999999999999999,v1=00'),
);

/** Headers that routes, hooks or plugins read, or might: conditional and range requests, proxies, webhooks, origins. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'accept',
        'accept-language',
        'cookie',
        'if-none-match',
        'if-modified-since',
        'range',
        'if-range',
        'origin',
        'referer',
        'user-agent',
        'stripe-signature',
        'x-forwarded-for',
        'x-forwarded-proto',
        'x-forwarded-host',
        'x-http-method-override',
        'x-request-id',
        'content-language',
      ),
      headerValue,
    ),
    { maxLength: 3 },
  )
  .map((pairs) => Object.fromEntries(pairs));

function usualAuthorization(route: RegisteredRoute, context: FuzzContext): string {
  const prefixes = Object.keys(context.authorizations.usual).filter((prefix) => route.url.startsWith(prefix));
  const longest = prefixes.sort((a, b) => b.length - a.length)[0];
  if (longest === undefined) throw new Error(`no usual authorization for ${route.url}: list one for the prefix ''`);
  return context.authorizations.usual[longest]!;
}

const otherMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface FuzzedRequest {
  /** The route it was made for, `METHOD /pattern` (its method or URL may have been changed on the way). */
  route: string;
  request: InjectOptions;
}

/** One request to one of `routes`: its own method mostly, another now and then. */
export function fuzzRequest(routes: readonly RegisteredRoute[], context: FuzzContext): fc.Arbitrary<FuzzedRequest> {
  // The API's routes more often than pages and files, whose answers do not depend on much of the request, and the HEAD
  // Fastify adds beside every GET now and then: it runs the GET's handler and drops the body.
  const weightOf = (each: RegisteredRoute) => (each.method === 'HEAD' ? 1 : each.url.startsWith('/api/') ? 6 : 2);
  const route = fc.oneof(...routes.map((each) => ({ weight: weightOf(each), arbitrary: fc.constant(each) })));
  return route.chain((route) =>
    fc
      .record({
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom(...otherMethods) },
        ),
        path: fillPath(route, context),
        query: query(route, context),
        body: body(route, context),
        authorization: fc.option(
          fc.oneof(
            { weight: 8, arbitrary: fc.constant(usualAuthorization(route, context)) },
            { weight: 1, arbitrary: fc.constantFrom(...context.authorizations.others) },
            { weight: 1, arbitrary: hostileString.map((junk) => `Bearer ${percentEncode(junk)}`) },
          ),
          // One request in ten without any.
          { freq: 10 },
        ),
        acceptEncoding: fc.constantFrom('br', 'gzip', 'identity', 'br, gzip', undefined),
        extra: fc.option(extraHeaders, { freq: 3 }),
      })
      .map(({ method, path, query: search, body: { payload, headers }, authorization, acceptEncoding, extra }) => {
        const withBody = method !== 'GET' && method !== 'HEAD';
        const request: InjectOptions = {
          method: method as InjectOptions['method'],
          url: path + search,
          headers: {
            ...extra,
            ...(withBody ? headers : {}),
            ...(authorization ? { authorization } : {}),
            ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
          },
          ...(withBody && payload !== undefined ? { payload } : {}),
        };
        return { route: routeKey(route), request };
      }),
  );
}

/**
 * Bodies that pass for the owner's delivery, review approval, promotion and batch routes (docs/api.md, The owner's API), and the
 * promotion ids its `:id` takes: `promotionId` is one the fuzz made first.
 */
export function ownerSettingsBodies(): Record<string, unknown> {
  return {
    'PUT /api/admin/review-settings': new Alternatives({ approvalRequired: true }, { approvalRequired: false }),
    'PUT /api/admin/settings/delivery': new Alternatives(
      { standard: 3.95, freeOver: 30, zones: [{ name: 'Highlands', postcodes: ['IV', 'HS'], surcharge: 4.5 }] },
      { standard: 0, freeOver: null, zones: [{ name: 'Islands', postcodes: ['ZE'], surcharge: null }] },
    ),
    'POST /api/admin/promotions': new Alternatives(
      { code: 'FUZZ10', description: 'Ten off', type: 'percent', value: 10, minSpend: 20, maxUses: 5 },
      {
        code: 'fuzz-five',
        description: 'Five pounds off',
        type: 'fixed',
        value: 5,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: '2027-01-01T00:00:00Z',
        oncePerCustomer: true,
      },
      { code: 'FUZZSHIP', description: 'Free delivery', type: 'free-delivery' },
    ),
    'PATCH /api/admin/promotions/:id': new Alternatives({ active: false }, { active: true }),
    'POST /api/admin/products/:id/batches': new Alternatives(
      { weight: '200g', code: 'FUZZ-A1', bestBefore: daysAhead(365), quantity: 3 },
      { weight: '400g', code: 'fuzz.b2', bestBefore: daysAhead(2), quantity: 1 },
    ),
    'POST /api/admin/batches/:code/recall': { message: 'Please do not eat this batch.\nReturn it for a refund.' },
  };
}
