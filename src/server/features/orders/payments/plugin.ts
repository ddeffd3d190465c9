/**
 * Adds `app.payments`: the payment provider PAYMENT_PROVIDER names, and `app.stripePayments`, the same provider with
 * its webhook reader when it is Stripe (undefined with the built-in test checkout).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { createLocalProvider } from './local.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider, type StripePaymentProvider } from './stripe.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    stripePayments: StripePaymentProvider | undefined;
  }
}

export interface PaymentsPluginOptions {
  config: Pick<Config, 'paymentProvider' | 'publicUrl' | 'nodeEnv' | 'stripe'>;
}

export default fp<PaymentsPluginOptions>(
  async (app, { config }) => {
    if (config.paymentProvider === 'stripe') {
      // config refuses PAYMENT_PROVIDER=stripe without its keys, so this only guards against a hand-made config.
      if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs the Stripe settings');
      const stripe = createStripeProvider({ settings: config.stripe, publicUrl: config.publicUrl });
      app.decorate('payments', stripe);
      app.decorate('stripePayments', stripe);
      return;
    }
    if (config.nodeEnv === 'production')
      app.log.warn('PAYMENT_PROVIDER=local: the built-in TEST checkout takes payments; no real money is taken');
    app.decorate(
      'payments',
      createLocalProvider({
        publicUrl: config.publicUrl,
        isSessionPaid: async (sessionId) =>
          Boolean((await app.checkoutRepository.findCheckoutBySession(sessionId))?.paidAt),
      }),
    );
    app.decorate('stripePayments', undefined);
  },
  { name: 'payments', dependencies: ['order-repositories'] },
);
