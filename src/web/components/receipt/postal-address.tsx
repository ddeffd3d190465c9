/** A delivery address laid out as on an envelope: name, street, landmark when given, city and postcode, country. */
import type { Order } from '#shared/schemas/order';

export function PostalAddress({ address }: { address: Order['shippingAddress'] }) {
  return (
    <address className="mt-2 break-words not-italic text-stone-800">
      {address.name}
      <br />
      {address.address}
      {address.landmark && (
        <>
          <br />
          {address.landmark}
        </>
      )}
      <br />
      {address.city} {address.postalCode}
      <br />
      {address.country}
    </address>
  );
}
