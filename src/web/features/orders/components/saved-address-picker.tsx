/**
 * A logged-in customer's saved addresses on /shipping (decision 112): each one summed up on a line, with 'Use this
 * address' to fill the form with it and 'Delete' to drop it from the account. Nothing shows while there are none.
 */
import { useId } from 'react';
import type { SavedAddress } from '#shared/schemas/saved-address';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { failureMessage } from '#web/lib/api-client.ts';
import { useDeleteAddress, useSavedAddresses } from '../api/saved-addresses.ts';

const DELETE_FAILED = 'We could not delete that address. Please try again.';

/** '12 St James’s Square, London SW1Y 4JH': what tells one address from another. */
export const addressSummary = (address: SavedAddress) =>
  [address.address, address.landmark, `${address.city} ${address.postalCode}`].filter(Boolean).join(', ');

export function SavedAddressPicker({ onUse }: { onUse: (address: SavedAddress) => void }) {
  const headingId = useId();
  const addresses = useSavedAddresses(true);
  const remove = useDeleteAddress();
  if (!addresses.data || addresses.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-cream-50 p-4 ring-1 ring-cream-200">
      <h2 id={headingId} className="font-bold text-roast-900">
        Your saved addresses
      </h2>
      <ul role="list" className="mt-2 flex flex-col divide-y divide-cream-200">
        {addresses.data.map((address) => {
          const summary = addressSummary(address);
          return (
            <li key={address._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words text-stone-800">
                <span className="font-semibold">{address.name}</span>, {summary}
              </span>
              <span className="flex gap-2">
                <Button type="button" variant="secondary" size="sm" onClick={() => onUse(address)}>
                  Use this address<span className="sr-only">: {summary}</span>
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(address._id)}
                >
                  Delete<span className="sr-only">: {summary}</span>
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
      <FormMessage tone="error">
        {remove.isError ? failureMessage(remove.error, { fallback: DELETE_FAILED }) : null}
      </FormMessage>
    </section>
  );
}
