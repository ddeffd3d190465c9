/** /admin/audit: every change an admin has made, who made it and what it changed, in the admin layout's outlet (admin-layout.tsx). */
import { AdminAudit } from '#web/features/admin/components/admin-audit.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Audit',
  description: "Every change made in the shop's admin.",
  Screen: AdminAudit,
});
