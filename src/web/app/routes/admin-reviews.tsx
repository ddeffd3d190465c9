/**
 * /admin/reviews (contract §7): the owner's review moderation, for admins only; a lazy chunk, never in a shopper's
 * first load.
 */
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { AdminNav } from '#web/features/admin/components/admin-nav.tsx';
import { AdminReviews } from '#web/features/admin/components/admin-reviews.tsx';
import { RequireAdmin } from '../require-admin.tsx';

export default function AdminReviewsRoute() {
  return (
    <RequireAdmin>
      <PageContainer>
        <PageMeta title={`Reviews | Admin | ${SHOP_NAME}`} description="The shop's reviews, hidden ones too." />
        <AdminNav />
        <PageHeading>Reviews</PageHeading>
        <AdminReviews />
      </PageContainer>
    </RequireAdmin>
  );
}
