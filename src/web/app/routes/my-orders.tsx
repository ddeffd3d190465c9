/** /my-orders: the customer's orders (the list itself comes with checkout); logged-in customers only. */
import { Link } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageTitle } from '#web/components/layout/page-title.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { RequireCustomer } from '../require-customer.tsx';

export default function MyOrdersRoute() {
  return (
    <RequireCustomer>
      <PageContainer>
        <PageTitle title={`My Orders | ${SHOP_NAME}`} />
        <PageHeading>My Orders</PageHeading>
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-cream-200">
          <p className="text-lg text-stone-700">You haven't placed any orders yet.</p>
          <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'buy', className: 'mt-6' })}>
            Browse our products
          </Link>
        </div>
      </PageContainer>
    </RequireCustomer>
  );
}
