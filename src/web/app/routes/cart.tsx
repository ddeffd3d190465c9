/** /cart: the shopper's cart, guest or customer; a lazy chunk. Another page may hand it a notice to show (Buy again). */
import { useLocation } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { CartView, EmptyCart } from '#web/features/cart/components/cart-view.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useShopCart } from '../shop-cart.tsx';
import { useVisitorOnServer } from '../visitor-on-server.ts';

/** Router state a page may navigate here with: a sentence about what it did to the cart. */
export interface CartNoticeState {
  notice: string;
}

function noticeFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  return typeof state.notice === 'string' ? state.notice : undefined;
}

export default function CartRoute() {
  const cart = useShopCart();
  // The stored cart is unknown on the server and while hydrating. A browser that keeps none (no cookie says it may)
  // is shown the empty cart at once; any other waits for the script, never told "your cart is empty" wrongly.
  const hydrated = useHydrated();
  const { cartKept } = useVisitorOnServer();
  const notice = noticeFrom(useLocation().state);
  return (
    <PageContainer>
      <PageMeta
        title={`Cart | ${SHOP_NAME}`}
        description="Your Roast & Co. cart: change pack sizes and quantities, see your savings and go on to checkout."
      />
      <PageHeading>Your Cart</PageHeading>
      {notice && (
        <p role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-stone-800">
          {notice}
        </p>
      )}
      {!hydrated && !cartKept ? (
        <EmptyCart />
      ) : cart.isLoading || !hydrated ? (
        <>
          {/* The cart is kept in this browser and read by the script: without it, say so rather than load forever. */}
          <noscript>
            <p className="rounded-lg border border-cream-300 bg-white px-4 py-6 text-stone-800">
              Your cart is kept in this browser and needs JavaScript. Turn JavaScript on to see it, add products and
              check out.
            </p>
          </noscript>
          <div className="noscript:hidden">
            <PageLoading />
          </div>
        </>
      ) : (
        <CartView cart={cart} />
      )}
    </PageContainer>
  );
}
