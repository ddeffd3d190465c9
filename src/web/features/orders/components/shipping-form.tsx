/**
 * The /shipping form: full name, phone, e-mail, street address, optional landmark, city, postal code and
 * country (the United Kingdom, the one the shop delivers to), validated with the shared schema the server also applies.
 * A logged-in customer may fill it from their saved addresses and tick 'Save this address to my account'. A valid postcode is handed to the page, which
 * prices delivery for it (docs/api.md, Delivery and promotions); an area the shop does not deliver to is said on the
 * postal code field and cannot be paid for. On submit the address is remembered for next time and, once the quote
 * for its postcode is known, the payment session is created with the quote's total and code; the browser then leaves
 * for the payment page. A refusal is shown above the button and everything typed stays.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CartLine } from '#shared/schemas/cart';
import type { SavedAddress } from '#shared/schemas/saved-address';
import {
  DELIVERY_COUNTRY,
  type ShippingAddress,
  type ShippingAddressInput,
  ShippingAddressSchema,
  UkPostcodeSchema,
} from '#shared/schemas/shipping-address';
import { formatUkPhone } from '#shared/uk-phone';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { paths } from '#web/config/paths.ts';
import { failureMessage } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { checkoutBody, isPriceChange, useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { useSaveAddress } from '../api/saved-addresses.ts';
import { SavedAddressPicker } from './saved-address-picker.tsx';
import {
  EMPTY_SHIPPING_ADDRESS,
  readStoredShippingAddress,
  shippingAddressDefaults,
  storeShippingAddress,
} from '../shipping-address-storage.ts';

export const CHECKOUT_FAILED = 'We could not start the payment. Please try again.';
export const QUOTE_UNAVAILABLE = 'We could not work out your total. Please try again.';

/** The page's quote for the postcode it was last given: what paying needs. */
export interface CheckoutQuote {
  /** The postcode it was asked for (undefined before the field holds a valid one). */
  postcode: string | undefined;
  isPending: boolean;
  /** The total to pay and the code it applied; undefined when the quote failed. */
  total: number | undefined;
  promoCode: string | undefined;
  /** The server's refusal of this postcode ('Sorry, we do not deliver to …'). */
  postcodeError: string | undefined;
}

interface ShippingFormProps {
  /** The cart's lines; only those that can be bought are paid for. */
  lines: CartLine[];
  quote: CheckoutQuote;
  /** A valid UK postcode in the field (normalised), or undefined: the page quotes delivery for it. */
  onPostcodeChange: (postcode: string | undefined) => void;
  /** The server found the cart's prices out of date (409): the caller refreshes what the cart is priced with. */
  onPriceChange?: () => void;
}

export function ShippingForm({ lines, quote, onPostcodeChange, onPriceChange }: ShippingFormProps) {
  const createSession = useCreateCheckoutSession();
  const session = useSession();
  const customerName = session?.user.name;
  const customerEmail = session?.user.email;
  const [redirecting, setRedirecting] = useState(false);
  // The address sent, waiting for the quote of its postcode.
  const [waiting, setWaiting] = useState<ShippingAddress | null>(null);
  const [quoteFailed, setQuoteFailed] = useState(false);
  // A customer's choice to keep this address on their account (decision 112): asked, never assumed.
  const [saveToAccount, setSaveToAccount] = useState(false);
  const saveAddress = useSaveAddress();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setFocus,
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

  const postalCode = watch('postalCode');
  useEffect(() => {
    const parsed = UkPostcodeSchema.safeParse(postalCode ?? '');
    onPostcodeChange(parsed.success ? parsed.data : undefined);
  }, [postalCode, onPostcodeChange]);

  const onSubmit = handleSubmit(async (address) => {
    storeShippingAddress(address);
    // Kept before leaving for the payment page; a refusal (a full address book) never stands between them and paying.
    if (session && saveToAccount) await saveAddress.mutateAsync(address).catch(() => undefined);
    setQuoteFailed(false);
    createSession.reset();
    setWaiting(address);
  });

  // Paid only with the total quoted for this address's postcode, once known; a refused area is not paid for.
  const { mutate } = createSession;
  useEffect(() => {
    if (!waiting || quote.isPending || quote.postcode !== waiting.postalCode) return;
    setWaiting(null);
    if (quote.postcodeError) {
      setFocus('postalCode');
      return;
    }
    if (quote.total === undefined) {
      setQuoteFailed(true);
      return;
    }
    mutate(checkoutBody(lines, waiting, { totalPrice: quote.total, promoCode: quote.promoCode }), {
      onSuccess: ({ url }) => {
        setRedirecting(true);
        window.location.assign(url);
      },
      onError: (error) => {
        if (isPriceChange(error)) onPriceChange?.();
      },
    });
  }, [waiting, quote, lines, mutate, onPriceChange, setFocus]);

  const busy = createSession.isPending || redirecting || waiting !== null;

  const fillFromSaved = ({ _id, ...address }: SavedAddress) =>
    reset({ ...address, phone: formatUkPhone(address.phone), country: DELIVERY_COUNTRY });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {session && <SavedAddressPicker onUse={fillFromSaved} />}
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
          error={errors.postalCode?.message ?? quote.postcodeError}
          {...register('postalCode')}
        />
      </div>
      <FormField label="Country" hint="We deliver within the United Kingdom only." error={errors.country?.message}>
        {(control) => (
          <select
            {...control}
            autoComplete="country-name"
            className={`mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm ${fieldBorder(errors.country?.message)}`}
            {...register('country')}
          >
            <option value={DELIVERY_COUNTRY}>{DELIVERY_COUNTRY}</option>
          </select>
        )}
      </FormField>
      {session && (
        <label className="flex items-center gap-3 text-stone-800">
          <input
            type="checkbox"
            className="size-5 accent-roast-800"
            checked={saveToAccount}
            onChange={(event) => setSaveToAccount(event.target.checked)}
          />
          Save this address to my account
        </label>
      )}

      <FormMessage tone="error">
        {quoteFailed ? (
          QUOTE_UNAVAILABLE
        ) : createSession.isError ? (
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
        ) : null}
      </FormMessage>

      <SubmitButton variant="buy" size="lg" className="w-full" busy={busy}>
        {redirecting ? 'Going to payment…' : busy ? 'Starting payment…' : 'Continue to payment'}
      </SubmitButton>
    </form>
  );
}
