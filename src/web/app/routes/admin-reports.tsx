/** /admin/reports: sales, best sellers and VAT with their CSVs, in the admin layout's outlet (admin-layout.tsx). */
import { AdminReports } from '#web/features/admin/components/admin-reports.tsx';
import { adminScreen } from '#web/features/admin/components/admin-screen.tsx';

export default adminScreen({
  title: 'Reports',
  description: 'Sales by day, week or month, the best sellers, and the VAT figures for the return.',
  Screen: AdminReports,
});
