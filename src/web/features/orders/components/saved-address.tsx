/**
 * The shipping address this browser keeps for the next checkout, as the account page shows it: read after the first
 * render (never while rendering), the phone written as a UK reader writes it, with a way to forget it. The address
 * lives on this device only; logging out forgets it too (docs/api.md, A UK shopper's rules).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatUkPhone } from '#shared/uk-phone';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { forgetShippingAddress } from '../forget-shipping-address.ts';
import { readStoredShippingAddress, type ShippingAddressDraft } from '../shipping-address-storage.ts';

export const NO_SAVED_ADDRESS =
  'No address is saved on this device. The address you give at checkout is kept here for your next order.';

export function SavedAddress() {
  // undefined until storage has been read.
  const [address, setAddress] = useState<Partial<ShippingAddressDraft> | null | undefined>(undefined);

  useEffect(() => {
    const stored = readStoredShippingAddress();
    setAddress(stored.name || stored.address ? stored : null);
  }, []);

  if (address === undefined) return null;
  if (address === null) return <p className="text-stone-700">{NO_SAVED_ADDRESS}</p>;

  const lines = [address.name, address.address, address.landmark, address.city, address.postalCode, address.country];
  return (
    <div className="space-y-4">
      <address className="not-italic text-stone-800">
        {lines
          .filter((line): line is string => Boolean(line))
          .map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed list in a fixed order
            <span key={index} className="block">
              {line}
            </span>
          ))}
        {address.phone && <span className="mt-2 block">Phone: {formatUkPhone(address.phone)}</span>}
        {address.email && <span className="block break-all">E-mail: {address.email}</span>}
      </address>
      <p className="text-sm text-stone-600">
        Kept on this device for your next checkout; you can change it on the{' '}
        <Link to={paths.shipping.getHref()} className="font-semibold text-roast-800 underline">
          shipping page
        </Link>{' '}
        when you next order.
      </p>
      <Button
        variant="secondary"
        onClick={() => {
          forgetShippingAddress();
          setAddress(null);
        }}
      >
        Forget this address
      </Button>
    </div>
  );
}
