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
  };
}
