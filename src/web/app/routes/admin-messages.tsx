/**
 * /admin/messages (contract §7): the shop's contact messages and the owner's replies, for admins only; a lazy chunk,
 * never in a shopper's first load.
 */
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { AdminMessages } from '#web/features/admin/components/admin-messages.tsx';
import { AdminNav } from '#web/features/admin/components/admin-nav.tsx';
import { RequireAdmin } from '../require-admin.tsx';

export default function AdminMessagesRoute() {
  return (
    <RequireAdmin>
      <PageContainer>
        <PageMeta title={`Messages | Admin | ${SHOP_NAME}`} description="Messages sent through the contact form." />
        <AdminNav />
        <PageHeading>Messages</PageHeading>
        <AdminMessages />
      </PageContainer>
    </RequireAdmin>
  );
}
