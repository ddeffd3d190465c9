/**
 * /admin/audit (contract §7, issue 17): every change an admin has made, who made it and what it changed, for admins
 * only; a lazy chunk, never in a shopper's first load.
 */
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { AdminAudit } from '#web/features/admin/components/admin-audit.tsx';
import { AdminNav } from '#web/features/admin/components/admin-nav.tsx';
import { RequireAdmin } from '../require-admin.tsx';

export default function AdminAuditRoute() {
  return (
    <RequireAdmin>
      <PageContainer>
        <PageMeta title={`Audit | Admin | ${SHOP_NAME}`} description="Every change made in the shop's admin." />
        <AdminNav />
        <PageHeading>Audit</PageHeading>
        <AdminAudit />
      </PageContainer>
    </RequireAdmin>
  );
}
