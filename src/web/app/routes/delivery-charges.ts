/**
 * GET /api/delivery: the shop's delivery charges, for the /delivery page. Public data, so its key is not under the
 * customer's; the server's renderer puts the answer into the page's HTML (entry-server.tsx).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import { formatPounds } from '#shared/money';
// Types only: the zod schemas in this module never reach the browser through this file.
import type { DeliverySettings } from '#shared/schemas/delivery';
import { apiRequest } from '#web/lib/api-client.ts';

export const deliveryChargesQueryOptions = () =>
  queryOptions({
    queryKey: ['delivery-charges'] as const,
    queryFn: ({ signal }) => apiRequest<DeliverySettings>(apiPaths.delivery.settings, { signal, withToken: false }),
    staleTime: 60_000,
  });

export function useDeliveryCharges() {
  return useQuery(deliveryChargesQueryOptions());
}

/** The charges in sentences, as the delivery page states them. */
export function deliveryChargeLines(settings: DeliverySettings): { standard: string; zones: string[] } {
  const base =
    settings.standard === 0
      ? 'Standard delivery is free.'
      : `Standard delivery costs ${formatPounds(settings.standard)}.`;
  const free =
    settings.freeOver === null || settings.standard === 0
      ? ''
      : ` Delivery is free on orders of ${formatPounds(settings.freeOver)} or more, after any discount.`;
  return {
    standard: base + free,
    zones: settings.zones.map((zone) => {
      const where = `${zone.name} (${zone.postcodes.join(', ')})`;
      if (zone.surcharge === null) return `We do not deliver to ${where}.`;
      if (zone.surcharge === 0) return `${where}: no surcharge.`;
      return `${where}: a surcharge of ${formatPounds(zone.surcharge)} is added, free delivery or not.`;
    }),
  };
}
