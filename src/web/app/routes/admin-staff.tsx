/** /admin/staff: who works in /admin, inviting someone and removing them, in the admin layout's outlet (admin-layout.tsx). */
import { AdminStaff } from '#web/features/admin/components/admin-staff.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Staff',
  description: 'Who works in the shop’s admin, and in which role.',
  Screen: AdminStaff,
});
