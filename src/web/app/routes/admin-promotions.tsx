/** /admin/promotions: the shop's promotion codes, in the admin layout's outlet (admin-layout.tsx). */
import { AdminPromotions } from '#web/features/admin/components/admin-promotions.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Promotions',
  description: 'Promotion codes: what each gives, its limits and its uses.',
  Screen: AdminPromotions,
});
