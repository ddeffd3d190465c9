/**
 * The owner's Reports screen (decision 099): a period and an interval; sales as a chart (with its table for screen
 * readers) and the period's totals; the best sellers; the VAT by rate with boxes 1 and 6 of the return; and the orders
 * and VAT figures as CSV, each one press. The period starts as the last 30 days, read once the page is in the browser.
 */
import { useId, useState } from 'react';
import { formatPounds } from '#shared/money';
import { REPORT_INTERVALS, type ReportInterval, SalesReportQuerySchema } from '#shared/schemas/report';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import {
  DOWNLOAD_FAILED,
  ordersCsvDownload,
  REPORT_FAILED,
  useCsvDownload,
  useSalesReport,
  useVatReport,
  vatCsvDownload,
} from '../api/reports.ts';
import { BarChart } from './bar-chart.tsx';
import { lastDays } from '../report-period.ts';
import { ChoiceSelect } from './choice-select.tsx';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-6';
const INTERVAL_LABELS: Record<ReportInterval, string> = { day: 'By day', week: 'By week', month: 'By month' };
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (day: string) => dayMonth.format(new Date(`${day}T00:00:00Z`));

export function AdminReports() {
  // The browser's clock decides 'the last 30 days'; the server's render would read another moment.
  return useHydrated() ? <Reports /> : null;
}

function Reports() {
  const [period, setPeriod] = useState(() => ({ ...lastDays(30), interval: 'day' as ReportInterval }));
  const [draft, setDraft] = useState(period);
  const [error, setError] = useState<Partial<Record<'from' | 'to', string>>>({});
  const formId = useId();

  return (
    <div className="flex flex-col gap-6">
      <form
        aria-labelledby={formId}
        noValidate
        className={`${card} flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end`}
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = SalesReportQuerySchema.safeParse(draft);
          if (!parsed.success) {
            setError(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
            return;
          }
          setError({});
          setPeriod(parsed.data);
        }}
      >
        <h2 id={formId} className="sr-only">
          Period
        </h2>
        <TextField
          label="From"
          type="date"
          value={draft.from}
          error={error.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          error={error.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <ChoiceSelect
          label="Interval"
          value={draft.interval}
          options={REPORT_INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] }))}
          onChange={(interval: ReportInterval) => setDraft({ ...draft, interval })}
        />
        <Button type="submit">Show</Button>
      </form>
      <Sales period={period} />
      <Vat period={period} />
    </div>
  );
}

function Sales({ period }: { period: { from: string; to: string; interval: ReportInterval } }) {
  const sales = useSalesReport(period);
  const headingId = useId();
  if (sales.isError)
    return (
      <FormMessage tone="error">
        {failureMessage(sales.error, { fallback: REPORT_FAILED, offline: OFFLINE_MESSAGE })}
      </FormMessage>
    );
  if (!sales.data) return <p className="text-stone-700">Loading the figures…</p>;
  const { points, bestSellers } = sales.data;
  const sum = (key: 'orders' | 'gross' | 'refunds' | 'net' | 'vat') =>
    points.reduce((total, point) => total + point[key], 0);
  const totals = [
    { label: 'Orders', value: sum('orders').toLocaleString('en-GB') },
    { label: 'Takings', value: formatPounds(sum('gross')) },
    { label: 'Refunds', value: formatPounds(sum('refunds')) },
    { label: 'VAT', value: formatPounds(sum('vat')) },
    { label: 'Sales excluding VAT', value: formatPounds(sum('net')) },
  ];
  return (
    <section aria-labelledby={headingId} className={`${card} flex flex-col gap-5`}>
      <h2 id={headingId} className="text-xl font-bold text-roast-900">
        Sales
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {totals.map((total) => (
          <div key={total.label}>
            <dt className="text-sm font-semibold text-stone-700">{total.label}</dt>
            <dd className="text-lg font-bold text-roast-900 tabular-nums">{total.value}</dd>
          </div>
        ))}
      </dl>
      <BarChart
        caption={`Takings ${INTERVAL_LABELS[period.interval].toLowerCase()}`}
        points={points.map((point) => ({ label: shortDay(point.start), value: point.gross - point.refunds }))}
        format={formatPounds}
        columns={[
          period.interval === 'day' ? 'Day' : period.interval === 'week' ? 'Week from' : 'Month from',
          'Takings less refunds',
        ]}
      />
      {bestSellers.length === 0 ? (
        <p className="text-stone-700">Nothing sold in this period.</p>
      ) : (
        <BarChart
          caption="Best sellers, by packs"
          horizontal
          points={bestSellers.map((seller) => ({ label: seller.name, value: seller.units }))}
          format={(units) => (units === 1 ? '1 pack' : `${units} packs`)}
          columns={['Product', 'Packs sold']}
        />
      )}
    </section>
  );
}

function Vat({ period }: { period: { from: string; to: string } }) {
  const vat = useVatReport({ from: period.from, to: period.to });
  const download = useCsvDownload();
  const headingId = useId();
  const range = { from: period.from, to: period.to };
  return (
    <section aria-labelledby={headingId} className={`${card} flex flex-col gap-4`}>
      <h2 id={headingId} className="text-xl font-bold text-roast-900">
        VAT and the books
      </h2>
      {vat.isError ? (
        <FormMessage tone="error">
          {failureMessage(vat.error, { fallback: REPORT_FAILED, offline: OFFLINE_MESSAGE })}
        </FormMessage>
      ) : !vat.data ? (
        <p className="text-stone-700">Loading the figures…</p>
      ) : (
        <>
          <table className="w-full text-left">
            <caption className="sr-only">VAT by rate, refunds deducted, delivery included</caption>
            <thead>
              <tr className="border-b border-cream-300 text-sm text-stone-700">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Rate
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Sales excl. VAT
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  VAT
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Sales incl. VAT
                </th>
              </tr>
            </thead>
            <tbody>
              {vat.data.byRate.map((rate) => (
                <tr key={rate.rate} className="border-b border-cream-200 tabular-nums">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {rate.rate}%
                  </th>
                  <td className="py-2 pr-3 text-right">{formatPounds(rate.net)}</td>
                  <td className="py-2 pr-3 text-right">{formatPounds(rate.vat)}</td>
                  <td className="py-2 text-right">{formatPounds(rate.gross)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-stone-900">
            <dt>Box 1: VAT due on sales</dt>
            <dd className="text-right font-bold tabular-nums">{formatPounds(vat.data.box1)}</dd>
            <dt>Box 6: total sales excluding VAT</dt>
            <dd className="text-right font-bold tabular-nums">£{vat.data.box6.toLocaleString('en-GB')}</dd>
          </dl>
        </>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={download.isPending}
          onClick={() => download.mutate(vatCsvDownload(range))}
        >
          Download VAT figures (CSV)
        </Button>
        <Button
          variant="secondary"
          disabled={download.isPending}
          onClick={() => download.mutate(ordersCsvDownload(range))}
        >
          Download orders (CSV)
        </Button>
      </div>
      <FormMessage tone="error">
        {download.isError && failureMessage(download.error, { fallback: DOWNLOAD_FAILED, offline: OFFLINE_MESSAGE })}
      </FormMessage>
    </section>
  );
}
