/**
 * /admin (contract §7): the owner's Orders screen, for admins only; a lazy chunk, never in a shopper's first load.
 * Later screens of the owner's side (products, reviews, messages) join it here.
 */
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { AdminNav } from '#web/features/admin/components/admin-nav.tsx';
import { AdminOrders } from '#web/features/admin/components/admin-orders.tsx';
import { AdminSummaryPanel } from '#web/features/admin/components/admin-summary.tsx';
import { RequireAdmin } from '../require-admin.tsx';

export default function AdminRoute() {
  return (
    <RequireAdmin>
      <PageContainer>
        <PageMeta title={`Orders | Admin | ${SHOP_NAME}`} description="The shop's orders, newest first." />
        <AdminNav />
        <AdminSummaryPanel />
        <PageHeading>Orders</PageHeading>
        <AdminOrders />
      </PageContainer>
    </RequireAdmin>
  );
}
