/** /admin/messages: the shop's contact messages and the owner's replies, in the admin layout's outlet (admin-layout.tsx). */
import { AdminMessages } from '#web/features/admin/components/admin-messages.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Messages',
  description: 'Messages sent through the contact form.',
  Screen: AdminMessages,
});
