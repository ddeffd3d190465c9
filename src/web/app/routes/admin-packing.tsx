/** /admin/packing: the pick list and a slip per order waiting, printable, in the admin layout's outlet (admin-layout.tsx). */
import { AdminPacking } from '#web/features/admin/components/admin-packing.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Packing',
  description: 'The pick list and a packing slip for each order waiting to be dispatched.',
  Screen: AdminPacking,
});
