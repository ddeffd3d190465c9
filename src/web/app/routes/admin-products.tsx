/**
 * /admin/products (contract §7, issue 18): the owner's catalog, hidden products too, with each weight's stock and
 * reservations, for admins only; a lazy chunk, never in a shopper's first load.
 */
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { AdminNav } from '#web/features/admin/components/admin-nav.tsx';
import { AdminProducts } from '#web/features/admin/components/admin-products.tsx';
import { RequireAdmin } from '../require-admin.tsx';

export default function AdminProductsRoute() {
  return (
    <RequireAdmin>
      <PageContainer>
        <PageMeta title={`Products | Admin | ${SHOP_NAME}`} description="The shop's products, hidden ones too." />
        <AdminNav />
        <PageHeading>Products</PageHeading>
        <AdminProducts />
      </PageContainer>
    </RequireAdmin>
  );
}
