/** /admin/batches: a batch looked up by its code, who received it, and its recall, in the admin layout's outlet. */
import { AdminBatches } from '#web/features/admin/components/admin-batches.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Batches',
  description: 'Look a batch up by its code: the orders and customers that received it; recall it.',
  Screen: AdminBatches,
});
