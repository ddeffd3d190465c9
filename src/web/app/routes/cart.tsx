/** /cart: the shopper's cart, guest or customer; a lazy chunk. */
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { PageTitle } from '#web/components/layout/page-title.tsx';
import { CartView } from '#web/features/cart/components/cart-view.tsx';
import { useShopCart } from '../shop-cart.tsx';

export default function CartRoute() {
  const cart = useShopCart();
  return (
    <PageContainer>
      <PageTitle title={`Cart | ${SHOP_NAME}`} />
      <PageHeading>Your Cart</PageHeading>
      {cart.isLoading ? <PageLoading /> : <CartView cart={cart} />}
    </PageContainer>
  );
}
