/**
 * TRUST_PROXY (docs/configuration.md, decision 049): behind a reverse proxy every request comes from the
 * proxy's address, so per-address limits need the shopper's address from X-Forwarded-For, believed only from the
 * proxy named (or as many hops as said). Shown with the reviews' per-address limit.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/config';
import { reviewTexts } from '#server/features/reviews/messages';
import { reviewLimits } from '#server/features/reviews/routes';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

const FACTOR = 0.4;
const allowed = Math.max(1, Math.round(reviewLimits.perAddress * FACTOR));
const PROXY = '10.0.0.1';

let shopper = 0;
/** A shopper's public address no other test uses. */
function newShopper() {
  shopper += 1;
  return `203.0.113.${shopper}`;
}

function postReview(testApp: TestApp, remoteAddress: string, forwardedFor?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/reviews',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { name: 'Ada Lovelace', rating: 5, message: 'Lovely roasted cashews.' },
  });
}

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: reviewTexts.tooMany });
}

/** Uses up a limit with `allowed` requests, each answered 201, made by `request(i)`. */
async function useUp(request: (i: number) => Promise<LightMyRequestResponse>) {
  for (let i = 0; i < allowed; i += 1) expect((await request(i)).statusCode).toBe(201);
}

function withApp(trustProxy: Config['trustProxy'], run: (app: () => TestApp) => void) {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimitFactor: FACTOR, trustProxy });
  });
  afterAll(() => testApp?.close());
  run(() => testApp);
}

describe('without TRUST_PROXY', () => {
  withApp(false, (app) => {
    it('ignores X-Forwarded-For: two shoppers behind one proxy share one limit', async () => {
      const first = newShopper();
      const second = newShopper();
      await useUp(() => postReview(app(), PROXY, first));
      expectLimited(await postReview(app(), PROXY, second));
    });
  });
});

describe('TRUST_PROXY naming the proxy’s address', () => {
  withApp([PROXY], (app) => {
    it('gives each shopper behind the proxy a limit of their own', async () => {
      const first = newShopper();
      const second = newShopper();
      await useUp(() => postReview(app(), PROXY, first));
      expectLimited(await postReview(app(), PROXY, first));
      expect((await postReview(app(), PROXY, second)).statusCode).toBe(201);
    });

    it('does not believe X-Forwarded-For from anyone else: a client cannot choose its address', async () => {
      const direct = '198.51.100.7';
      await useUp(() => postReview(app(), direct, newShopper()));
      expectLimited(await postReview(app(), direct, newShopper()));
    });

    it('takes the address the proxy saw, not one the shopper wrote before it', async () => {
      const real = newShopper();
      await useUp((i) => postReview(app(), PROXY, `192.0.2.${i + 1}, ${real}`));
      expectLimited(await postReview(app(), PROXY, `192.0.2.200, ${real}`));
    });
  });
});

describe('TRUST_PROXY as a hop count', () => {
  withApp(2, (app) => {
    it('reads the shopper two proxies back, whatever the shopper wrote before it', async () => {
      const first = newShopper();
      // Shopper → CDN (adds the shopper) → load balancer (adds the CDN's address) → the shop.
      await useUp((i) => postReview(app(), PROXY, `192.0.2.${i + 1}, ${first}, 10.1.1.1`));
      expectLimited(await postReview(app(), PROXY, `192.0.2.99, ${first}, 10.1.1.2`));
      expect((await postReview(app(), PROXY, `${newShopper()}, 10.1.1.1`)).statusCode).toBe(201);
    });
  });
});
