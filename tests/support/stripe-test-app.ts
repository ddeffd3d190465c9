/** The real app wired to the Stripe stand-in, for the API tests about paying with Stripe. */
import type { BuildAppOptions } from '#server/app';
import type { Config } from '#server/config';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from '#tests/stripe-stand-in';

export interface StripeTestApp extends TestApp {
  standIn: StripeStandIn;
}

/** The settings that point the shop's Stripe provider at a running stand-in. */
export function stripeStandInConfig(standIn: StripeStandIn): Partial<Config> {
  return {
    paymentProvider: 'stripe',
    stripe: {
      secretKey: standIn.secretKey,
      publishableKey: STAND_IN_PUBLISHABLE_KEY,
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      apiBase: standIn.url,
    },
  };
}

/** Starts a stand-in and an app paying through it (with `config`'s other settings); `close()` closes both. */
export async function buildStripeTestApp(
  options: BuildAppOptions = {},
  config: Partial<Config> = {},
): Promise<StripeTestApp> {
  const standIn = await startStripeStandIn();
  const testApp = await buildTestApp({ ...config, ...stripeStandInConfig(standIn) }, options).catch(
    async (error: unknown) => {
      await standIn.close();
      throw error;
    },
  );
  return {
    ...testApp,
    standIn,
    async close() {
      await testApp.close();
      await standIn.close();
    },
  };
}
