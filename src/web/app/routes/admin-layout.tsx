/**
 * /admin and every page below it: the owner's screens' one layout (docs/api.md, The owner's API; decision 089). Only
 * an admin gets past the guard; around each screen the page width and the Admin navigation, and in the outlet the
 * screen's own title, heading and content. A lazy chunk, as are the screens: never in a shopper's first load.
 */
import { Outlet } from 'react-router';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { AdminNav } from '#web/features/admin/components/admin-nav.tsx';
import { RequireAdmin } from '../require-admin.tsx';

export default function AdminLayout() {
  return (
    <RequireAdmin>
      <PageContainer>
        <AdminNav />
        <Outlet />
      </PageContainer>
    </RequireAdmin>
  );
}
