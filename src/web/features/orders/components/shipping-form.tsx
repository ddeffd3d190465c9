/**
 * The /shipping form: full name, phone, e-mail, street address, optional landmark, city, postal code and
 * country, validated with the shared schema the server also applies. On submit the address is remembered for next
 * time and the payment session is created; the browser then leaves for the payment page. A refusal is shown above
 * the button and everything typed stays.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CartLine } from '#shared/schemas/cart';
import {
  type ShippingAddress,
  type ShippingAddressInput,
  ShippingAddressSchema,
} from '#shared/schemas/shipping-address';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { paths } from '#web/config/paths.ts';
import { failureMessage } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { checkoutBody, isPriceChange, useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import {
  EMPTY_SHIPPING_ADDRESS,
  readStoredShippingAddress,
  shippingAddressDefaults,
  storeShippingAddress,
} from '../shipping-address-storage.ts';

export const CHECKOUT_FAILED = 'We could not start the payment. Please try again.';

interface ShippingFormProps {
  /** The cart's lines; only those that can be bought are paid for. */
  lines: CartLine[];
  /** The server found the cart's prices out of date (409): the caller refreshes what the cart is priced with. */
  onPriceChange?: () => void;
}

export function ShippingForm({ lines, onPriceChange }: ShippingFormProps) {
  const createSession = useCreateCheckoutSession();
  const session = useSession();
  const customerName = session?.user.name;
  const customerEmail = session?.user.email;
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ShippingAddressInput, unknown, ShippingAddress>({
    resolver: zodResolver(ShippingAddressSchema),
    defaultValues: EMPTY_SHIPPING_ADDRESS,
  });

  // Storage is read after the first render (never while rendering); anything already typed is kept.
  useEffect(() => {
    const customer =
      customerName !== undefined && customerEmail !== undefined
        ? { name: customerName, email: customerEmail }
        : undefined;
    reset(shippingAddressDefaults(readStoredShippingAddress(), customer), { keepDirtyValues: true });
  }, [reset, customerName, customerEmail]);

  // Back from the payment page may show this page as it was left, button still waiting: make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const onSubmit = handleSubmit((address) => {
    storeShippingAddress(address);
    createSession.mutate(checkoutBody(lines, address), {
      onSuccess: ({ url }) => {
        setRedirecting(true);
        window.location.assign(url);
      },
      onError: (error) => {
        if (isPriceChange(error)) onPriceChange?.();
      },
    });
  });

  const busy = createSession.isPending || redirecting;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField label="Full name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="A UK number, e.g. 07700 900123."
          required
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          hint="We send the order confirmation here."
          required
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField
        label="Street address"
        autoComplete="address-line1"
        required
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField
        label="Landmark (optional)"
        autoComplete="address-line2"
        hint="Anything that helps the courier find you."
        error={errors.landmark?.message}
        {...register('landmark')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="City"
          autoComplete="address-level2"
          required
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="Postal code"
          autoComplete="postal-code"
          autoCapitalize="characters"
          required
          error={errors.postalCode?.message}
          {...register('postalCode')}
        />
      </div>
      <TextField
        label="Country"
        autoComplete="country-name"
        required
        error={errors.country?.message}
        {...register('country')}
      />

      <FormMessage tone="error">
        {createSession.isError && (
          <>
            {failureMessage(createSession.error, { fallback: CHECKOUT_FAILED })}
            {isPriceChange(createSession.error) && (
              <>
                {' '}
                <Link to={paths.cart.getHref()} className="font-semibold underline">
                  Review your cart
                </Link>
              </>
            )}
          </>
        )}
      </FormMessage>

      <SubmitButton variant="buy" size="lg" className="w-full" busy={busy}>
        {redirecting ? 'Going to payment…' : createSession.isPending ? 'Starting payment…' : 'Continue to payment'}
      </SubmitButton>
    </form>
  );
}
