/**
 * The OpenAPI document at `GET /api/openapi.json` (decision 090) describes every API route the app registers, read
 * from the app's own route table: each method and path (`:id` as `{id}`), a request body where the route takes one,
 * its parameters, its success answer and the error shape `{ message, errors? }`. Pages, static files and the test
 * payment page (/pay/...) are not the API and are left out. The Stripe webhook exists only with
 * PAYMENT_PROVIDER=stripe, so a second app paying through the Stripe stand-in checks it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '#shared/page-routes';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { type RegisteredRoute, registeredRoutes } from '#tests/fuzz-requests';
import { buildStripeTestApp } from '#tests/stripe-test-app';
import { createWebDist, type WebDist } from '#tests/web-dist';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
}

const pageUrls = new Set<string>(Object.values(pageRoutes));

/**
 * Outside the API: the pages (the password-reset page's GET too, though its address is under /api/), the SPA's and
 * uploaded files, the test payment page and its stylesheet.
 */
const outsideApi = (route: RegisteredRoute) =>
  (!route.url.startsWith('/api/') && route.url !== '/healthz') ||
  (pageUrls.has(route.url) && ['GET', 'HEAD'].includes(route.method));

/** Fastify answers HEAD for every GET by itself; the document lists the GET. */
const apiRoutes = (routes: RegisteredRoute[]) =>
  routes.filter((route) => !outsideApi(route) && route.method !== 'HEAD');

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

async function fetchDocument(testApp: TestApp): Promise<OpenApiDocument> {
  const answer = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** What the document lacks for one route, as readable lines; none when it describes the route fully. */
function gaps(document: OpenApiDocument, route: RegisteredRoute, takesBody: boolean): string[] {
  const name = `${route.method} ${route.url}`;
  const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
  if (!operation) return [`${name}: not in the document`];
  const found: string[] = [];
  for (const param of route.url.match(/:\w+/g) ?? [])
    if (!operation.parameters?.some((each) => each.in === 'path' && `:${each.name}` === param))
      found.push(`${name}: path parameter ${param} not described`);
  if (takesBody && !Object.values(operation.requestBody?.content ?? {}).some((media) => media.schema))
    found.push(`${name}: no request body schema`);
  const statuses = Object.keys(operation.responses);
  const success = statuses.filter((status) => /^2/.test(status));
  if (success.length === 0) found.push(`${name}: no success answer`);
  for (const status of success.filter((status) => status !== '204'))
    if (!Object.values(operation.responses[status]?.content ?? {}).some((media) => media.schema))
      found.push(`${name}: no schema for ${status}`);
  const refusal = operation.responses['4XX'] ?? operation.responses['400'];
  const refusalShape = refusal?.content?.['application/json']?.schema?.properties;
  if (!refusalShape || !('message' in refusalShape) || !('errors' in refusalShape))
    found.push(`${name}: no { message, errors? } answer for a refusal`);
  return found;
}

/** The routes that take a body: the writes, but not the deletes, the retry and the logout that take none. */
const bodyless = new Set([
  'DELETE /api/cart/clear',
  'DELETE /api/admin/products/:id',
  'DELETE /api/admin/reviews/:id',
  'DELETE /api/admin/staff/:id',
  'DELETE /api/auth/addresses/:id',
  'POST /api/admin/orders/:id/refunds/:refundId/retry',
  'POST /api/auth/logout',
]);
const takesBody = (route: RegisteredRoute) =>
  ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !bodyless.has(`${route.method} ${route.url}`);

describe('the OpenAPI document, built-in payments', () => {
  let testApp: TestApp;
  let webDist: WebDist;
  let document: OpenApiDocument;
  let routes: RegisteredRoute[];
  beforeAll(async () => {
    // With the built SPA, so the page routes exist and the test sees them left out.
    webDist = await createWebDist();
    testApp = await buildTestApp({ webDistDir: webDist.dir });
    routes = registeredRoutes(testApp.app);
    document = await fetchDocument(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
    await webDist?.remove();
  });

  it('is OpenAPI 3.1.0, titled for the shop, public and revalidated by its ETag', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Roast & Co. API');
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': String(answer.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers whatever the query', async () => {
    for (const query of ['?a=1', '?openapi=%00', '?%ff=%ff', '?x[]=1&x[]=2', `?${'q'.repeat(5000)}`]) {
      const answer = await testApp.app.inject({ method: 'GET', url: `/api/openapi.json${query}` });
      expect(answer.statusCode, query).toBeLessThan(500);
    }
  });

  it('lists every API route with its methods, parameters, body and answers', () => {
    const api = apiRoutes(routes);
    // The route table is read whole: the app's own routes are all there.
    expect(api.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /healthz',
        'GET /api/products',
        'POST /api/admin/products/images',
        'GET /api/openapi.json',
      ]),
    );
    expect(api.flatMap((route) => gaps(document, route, takesBody(route)))).toEqual([]);
  });

  it('lists nothing else: no page, file or test payment page, and no method the app does not answer', () => {
    const outside = routes.filter(outsideApi).map((route) => `${route.method} ${route.url}`);
    expect(outside).toEqual(
      expect.arrayContaining([
        'POST /pay/:sessionId',
        'GET /product/:productId',
        'GET /uploads/*',
        'GET /api/auth/reset-password/:token',
      ]),
    );
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = new Set(apiRoutes(routes).map((route) => `${route.method} ${openApiPath(route.url)}`));
    expect(listed.filter((operation) => !registered.has(operation))).toEqual([]);
  });

  it('describes the forms and files: the review form, the picture upload and the CSV', () => {
    const review = document.paths['/api/reviews']?.post;
    expect(Object.keys(review?.requestBody?.content ?? {})).toEqual(['application/json', 'multipart/form-data']);
    const upload = document.paths['/api/admin/products/images']?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(document.paths['/api/admin/orders.csv']?.get?.responses['200']?.content ?? {})).toEqual([
      'text/csv',
    ]);
  });
});

describe('the OpenAPI document, Stripe payments', () => {
  it('lists the Stripe webhook with its raw body and its answers', async () => {
    const testApp = await buildStripeTestApp();
    try {
      const route = { method: 'POST', url: '/api/orders/stripe-webhook' };
      expect(registeredRoutes(testApp.app)).toContainEqual(route);
      expect(gaps(await fetchDocument(testApp), route, true)).toEqual([]);
    } finally {
      await testApp.close();
    }
  });
});
