/** /admin/reviews: the owner's review moderation, in the admin layout's outlet (admin-layout.tsx). */
import { AdminReviews } from '#web/features/admin/components/admin-reviews.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Reviews',
  description: "The shop's reviews, hidden ones too.",
  Screen: AdminReviews,
});
