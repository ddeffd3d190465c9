/**
 * The owner's dashboard at the top of /admin: orders to dispatch, today's and this month's takings, new messages,
 * each a link to where it is dealt with. Nothing is shown until the figures arrive, or if they cannot be had: the
 * Orders list below carries its own states.
 */
import { Link } from 'react-router';
import { formatPounds } from '#shared/money';
import { paths } from '#web/config/paths.ts';
import { useAdminSummary } from '../api/get-admin-summary.ts';

export function AdminSummaryPanel() {
  const summary = useAdminSummary();
  if (!summary.isSuccess) return null;
  const { ordersToDispatch, takingsToday, takingsThisMonth, newMessages } = summary.data;
  const figures = [
    {
      label: 'Orders to dispatch',
      value: ordersToDispatch.toLocaleString('en-GB'),
      to: `${paths.admin.getHref()}?status=processing`,
    },
    { label: 'Takings today', value: formatPounds(takingsToday), to: paths.admin.getHref() },
    { label: 'Takings this month', value: formatPounds(takingsThisMonth), to: paths.admin.getHref() },
    { label: 'New messages', value: newMessages.toLocaleString('en-GB'), to: paths.adminMessages.getHref() },
  ];
  return (
    <section aria-label="At a glance" className="mb-6">
      <ul role="list" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(({ label, value, to }) => (
          <li key={label}>
            <Link
              to={to}
              className="flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 hover:ring-roast-700"
            >
              <span className="text-sm font-semibold text-stone-700">{label}</span>
              {/* A space, so the link reads 'Orders to dispatch 3' rather than running the two together. */}{' '}
              <span className="text-2xl font-bold text-roast-900 tabular-nums">{value}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
