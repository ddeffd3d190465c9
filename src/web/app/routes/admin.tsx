/** /admin: the owner's dashboard and Orders screen, in the admin layout's outlet (admin-layout.tsx). */
import { AdminOrders } from '#web/features/admin/components/admin-orders.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';
import { AdminSummaryPanel } from '#web/features/admin/components/admin-summary.tsx';
import { useIsOwner } from '#web/features/admin/role.ts';

export default adminScreen({
  title: 'Orders',
  description: "The shop's orders, newest first.",
  Screen: AdminOrders,
  Above: OwnersFigures,
});

/** The dashboard's takings are the owner's (decision 097): staff start at the orders. */
function OwnersFigures() {
  return useIsOwner() ? <AdminSummaryPanel /> : null;
}
