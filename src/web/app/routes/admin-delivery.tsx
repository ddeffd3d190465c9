/** /admin/delivery: the shop's delivery charges, in the admin layout's outlet (admin-layout.tsx). */
import { AdminDelivery } from '#web/features/admin/components/admin-delivery.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Delivery',
  description: 'The standard delivery charge, free delivery and the postcode zones.',
  Screen: AdminDelivery,
});
