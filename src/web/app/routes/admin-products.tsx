/** /admin/products: the owner's catalog, hidden products too, with each weight's stock and reservations, in the admin layout's outlet (admin-layout.tsx). */
import { AdminProducts } from '#web/features/admin/components/admin-products.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Products',
  description: "The shop's products, hidden ones too.",
  Screen: AdminProducts,
});
