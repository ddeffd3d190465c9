/** /admin: the owner's dashboard and Orders screen, in the admin layout's outlet (admin-layout.tsx). */
import { AdminOrders } from '#web/features/admin/components/admin-orders.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';
import { AdminSummaryPanel } from '#web/features/admin/components/admin-summary.tsx';

export default adminScreen({
  title: 'Orders',
  description: "The shop's orders, newest first.",
  Screen: AdminOrders,
  Above: AdminSummaryPanel,
});
