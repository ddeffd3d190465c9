/**
 * GET /api/orders/verify-stripe/{sessionId}: whether the payment session is paid, with what was paid for and the
 * order made from it (4xx while unpaid or unknown). Idempotent, so the confirmation page reads it again.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyPaymentAnswer } from '#shared/schemas/order';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';

export function verifyPayment(sessionId: string, signal?: AbortSignal): Promise<VerifyPaymentAnswer> {
  return apiRequest<VerifyPaymentAnswer>(apiPaths.orders.verify(sessionId), { signal });
}

/** Under the customer's key (decision 026): it holds an address and an e-mail, forgotten when the shopper changes. */
export const verifyPaymentQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...customerQueryKey, 'payment', sessionId],
    queryFn: ({ signal }) => verifyPayment(sessionId, signal),
    // An unpaid or unknown session is an answer, not a fault: the screens say so (or go to /cancel), and it is
    // only logged as a warning.
    meta: { quietErrors: true },
  });

/** The verified payment for the confirmation page; nothing is asked without a session id. */
export function useVerifiedPayment(sessionId: string) {
  return useQuery({ ...verifyPaymentQueryOptions(sessionId), enabled: sessionId !== '' });
}
