/**
 * The built-in test checkout (PAYMENT_PROVIDER=local, the default): the session is a page of the shop's own at
 * `PUBLIC_URL/pay/{id}` (pay-page/), and a session is paid once that page has taken a test card. It lets the
 * whole shop run with no payment account; config refuses it in production unless chosen explicitly.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider.ts';

export const LOCAL_SESSION_PREFIX = 'cs_local_';

export function createLocalProvider({
  publicUrl,
  isSessionPaid,
}: {
  publicUrl: string;
  /** Whether the test payment page has taken a card for this session (it records that on the checkout). */
  isSessionPaid: (sessionId: string) => Promise<boolean>;
}): PaymentProvider {
  return {
    name: 'local',
    async createSession() {
      // Unguessable: the id alone lets its holder see the order it pays for.
      const sessionId = `${LOCAL_SESSION_PREFIX}${randomBytes(18).toString('base64url')}`;
      return { sessionId, url: `${publicUrl}/pay/${sessionId}` };
    },
    isPaid: isSessionPaid,
    // No money moved on the test page, so none moves back: a refund succeeds at once, under an id made from the
    // shop's own so that asking twice names the same refund (docs/api.md, Refunds and cancellations).
    refund: async ({ refundId }) => ({ status: 'succeeded', providerRefundId: `re_local_${refundId}` }),
    refundStatus: async (providerRefundId) => ({ status: 'succeeded', providerRefundId }),
  };
}
