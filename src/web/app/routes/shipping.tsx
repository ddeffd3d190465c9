/**
 * /shipping: the shipping address and the order summary, then the payment page. A guest pays from the guest cart,
 * a customer from the server cart; with nothing to buy, the shop's empty-cart alert. The summary and the payment use
 * the server's quote for the cart, the postcode typed and the code applied in the cart
 * (docs/api.md, Delivery and promotions). A lazy chunk (with zod).
 */
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { cartTotals } from '#shared/cart-rules';
import { SHOP_NAME } from '#shared/constants';
import { checkoutMessages } from '#shared/schemas/order';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { cartQueryOptions } from '#web/features/cart/api/get-cart.ts';
import { quoteFigures, quoteQueryKeyRoot, useQuote } from '#web/features/cart/api/get-quote.ts';
import { usePromoCode } from '#web/features/cart/promo-code.ts';
import { CATALOG_QUERY_KEY } from '#web/lib/shop-query-keys.ts';
import { CheckoutSummary } from '#web/features/orders/components/checkout-summary.tsx';
import { QUOTE_UNAVAILABLE, ShippingForm } from '#web/features/orders/components/shipping-form.tsx';
import { useSession } from '#web/lib/session.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useShopCart } from '../shop-cart.tsx';

export default function ShippingRoute() {
  const cart = useShopCart();
  // The stored cart is unknown on the server and while hydrating: loading then, never "your cart is empty".
  const hydrated = useHydrated();
  const session = useSession();
  const queryClient = useQueryClient();
  const promoCode = usePromoCode();
  const [postcode, setPostcode] = useState<string | undefined>();
  const onPostcodeChange = useCallback((next: string | undefined) => setPostcode(next), []);
  const quote = useQuote(cart.lines, {
    postcode,
    promoCode: promoCode ?? undefined,
    enabled: hydrated && !cart.isLoading,
  });

  // The server priced the cart differently: reload what this browser priced it with and the quote, so the summary
  // shows today's prices and charges.
  const refreshPrices = () => {
    void queryClient.invalidateQueries({ queryKey: CATALOG_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: quoteQueryKeyRoot });
    if (session) void queryClient.invalidateQueries({ queryKey: cartQueryOptions(session.token).queryKey });
  };

  return (
    <PageContainer>
      <PageMeta
        title={`Shipping | ${SHOP_NAME}`}
        description="Where should we deliver your Roast & Co. order? Enter a UK address, then pay securely."
      />
      <PageHeading description="Where should we deliver your order?">Shipping address</PageHeading>
      {cart.isLoading || !hydrated ? (
        <PageLoading />
      ) : cartTotals(cart.lines).lineCount === 0 ? (
        <div className="rounded-2xl bg-cream-100 px-6 py-10 text-center">
          <p role="alert" className="text-lg font-semibold text-stone-800">
            {checkoutMessages.emptyCart}
          </p>
          <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'buy', className: 'mt-6' })}>
            Browse products
          </Link>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
          <section
            aria-label="Shipping address"
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200 sm:p-8"
          >
            <ShippingForm
              lines={cart.lines}
              quote={{
                postcode,
                isPending: quote.isPending,
                total: quote.quote?.total,
                promoCode: quote.request?.promoCode,
                postcodeError: quote.postcodeError,
              }}
              onPostcodeChange={onPostcodeChange}
              onPriceChange={refreshPrices}
            />
          </section>
          <CheckoutSummary
            lines={cart.lines}
            figures={quoteFigures(quote)}
            promoError={quote.promoError}
            quoteError={quote.error === undefined ? undefined : { message: QUOTE_UNAVAILABLE, retry: quote.refetch }}
          />
        </div>
      )}
    </PageContainer>
  );
}
