/** Adds `app.payments`: the payment provider PAYMENT_PROVIDER names (src/server/payments). */
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createLocalProvider } from '../../payments/local.ts';
import type { PaymentProvider } from '../../payments/provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export interface PaymentsPluginOptions {
  config: Pick<Config, 'paymentProvider' | 'publicUrl' | 'nodeEnv' | 'stripe'>;
}

export default fp<PaymentsPluginOptions>(
  async (app, { config }) => {
    if (config.nodeEnv === 'production')
      app.log.warn('PAYMENT_PROVIDER=local: the built-in TEST checkout takes payments; no real money is taken');
    app.decorate(
      'payments',
      createLocalProvider({
        publicUrl: config.publicUrl,
        isSessionPaid: async (sessionId) =>
          Boolean((await app.orderRepository.findCheckoutBySession(sessionId))?.paidAt),
      }),
    );
  },
  { name: 'payments', dependencies: ['order-repository'] },
);
