/**
 * The owner's dashboard at the top of /admin: orders to dispatch, today's and this month's takings, new messages,
 * each a link to where it is dealt with; then the weights running low and the last day's unpaid checkouts (decision
 * 098). Nothing is shown until the figures arrive, or if they cannot be had: the
 * Orders list below carries its own states.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AdminSummary } from '#shared/schemas/admin';
import { formatPounds } from '#shared/money';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useAdminSummary } from '../api/get-admin-summary.ts';
import { ordersCsvDownload, useCsvDownload, useSalesReport } from '../api/reports.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { lastDays } from '../report-period.ts';
import { BarChart } from './bar-chart.tsx';
import { formatOrderTime } from '../order-format.ts';

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
      <SalesGlance />
      <div className="mt-3 grid gap-3 lg:grid-cols-2">
        <LowStock weights={summary.data.lowStock} />
        <UnpaidCheckouts checkouts={summary.data.unpaidCheckouts} />
      </div>
    </section>
  );
}

const panel = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200';

/** The last 30 days' takings by day and the five best sellers, as charts; the Reports screen has the rest. */
function SalesGlance() {
  return useHydrated() ? <SalesCharts /> : null;
}

function SalesCharts() {
  const [period] = useState(() => ({ ...lastDays(30), interval: 'day' as const }));
  const sales = useSalesReport(period);
  const download = useCsvDownload();
  if (!sales.data) return null;
  return (
    <div className={`${panel} mt-3 grid gap-6 lg:grid-cols-2`}>
      <BarChart
        caption="Takings, last 30 days"
        points={sales.data.points.map((point) => ({
          label: dayMonth.format(new Date(`${point.start}T00:00:00Z`)),
          value: point.gross - point.refunds,
        }))}
        format={formatPounds}
        columns={['Day', 'Takings less refunds']}
      />
      <div className="flex flex-col gap-3">
        <BarChart
          caption="Best sellers, last 30 days"
          horizontal
          points={sales.data.bestSellers.slice(0, 5).map((seller) => ({ label: seller.name, value: seller.units }))}
          format={(units) => (units === 1 ? '1 pack' : `${units} packs`)}
          columns={['Product', 'Packs sold']}
        />
        <Button
          variant="secondary"
          className="self-start"
          disabled={download.isPending}
          onClick={() => download.mutate(ordersCsvDownload(period))}
        >
          Download orders, last 30 days (CSV)
        </Button>
        <FormMessage tone="error">{download.isError && 'The download did not work. Please try again.'}</FormMessage>
        <Link
          to={paths.adminReports.getHref()}
          className="self-start font-semibold text-roast-800 underline underline-offset-4"
        >
          Reports, VAT and downloads
        </Link>
      </div>
    </div>
  );
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Weights at or below their low-stock alert, each a link to its product's form. */
function LowStock({ weights }: { weights: AdminSummary['lowStock'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={panel}>
      <h2 id={headingId} className="text-base font-bold text-roast-900">
        Running low
      </h2>
      {weights.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">Nothing is at its low-stock alert.</p>
      ) : (
        <ul role="list" className="mt-2 flex flex-col gap-1">
          {weights.map((weight) => (
            <li key={`${weight._id} ${weight.selectedWeight}`} className="text-sm text-stone-800">
              <Link to={paths.adminProduct.getHref(weight._id)} className="font-semibold underline underline-offset-2">
                {weight.name} {weight.selectedWeight}
              </Link>
              : {weight.stock} left (alert at {weight.lowStockAt})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The last day's checkouts that were not paid: when, who, what, and whether they still hold their packs. */
function UnpaidCheckouts({ checkouts }: { checkouts: AdminSummary['unpaidCheckouts'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={panel}>
      <h2 id={headingId} className="text-base font-bold text-roast-900">
        Unpaid checkouts today
      </h2>
      {checkouts.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">No unpaid checkouts in the last 24 hours.</p>
      ) : (
        <ul role="list" className="mt-2 flex flex-col divide-y divide-cream-200">
          {checkouts.map((checkout) => (
            <li key={`${checkout.createdAt} ${checkout.email}`} className="py-1.5 text-sm text-stone-800">
              <span className="font-semibold">{formatOrderTime(checkout.createdAt)}</span>{' '}
              <span className="break-all">{checkout.email}</span>, {formatPounds(checkout.amount)}:{' '}
              {checkout.lines.map((line) => `${line.qty} × ${line.name} ${line.selectedWeight}`).join(', ')}.{' '}
              {checkout.holdsStock ? 'Holding its packs.' : 'Packs given back.'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
