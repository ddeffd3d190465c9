/**
 * The owner's Audit screen below its heading: the filters (action, target), then one page of admin changes, newest
 * first, each with when, who, what, to which target, and the state before and after; loading, error and empty
 * states and Previous/Next as the Orders list has them. What is shown lives in the address bar (audit-filter.ts).
 */
import { clsx } from 'clsx';
import { useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '#shared/schemas/admin';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { ADMIN_AUDIT_FAILED, useAdminAudit } from '../api/get-admin-audit.ts';
import { type AuditFilter, auditFilterParams, auditQuery, isAuditFiltered, readAuditFilter } from '../audit-filter.ts';
import { type AuditState, auditActionLabel, describeAuditState, formatAuditTarget } from '../audit-format.ts';
import { pageRange } from '../list-page.ts';
import { formatOrderTime } from '../order-format.ts';
import { AuditFilters } from './audit-filters.tsx';
import { ListPager } from './list-pager.tsx';

export const NO_CHANGES_YET = 'No changes recorded yet.';
export const NO_CHANGES_MATCH = 'No changes match these filters.';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-5';

export function AdminAudit() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readAuditFilter(searchParams);
  const audit = useAdminAudit(auditQuery(filter));
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);

  const show = (next: AuditFilter) => setSearchParams(auditFilterParams(next), { preventScrollReset: true });

  // The buttons sit below the list: the new page is read from its top, where focus goes (and the view with it).
  const turnTo = (page: number) => {
    show({ ...filter, page });
    resultsHeadingRef.current?.focus();
  };

  /** Every change to one target: its name as the list shows it, which the Target field reads back. */
  const targetHref = (target: string) =>
    `?${auditFilterParams({ action: undefined, target: formatAuditTarget(target), page: 1 }).toString()}`;

  const results = () => {
    if (audit.isPending) return <PageLoading />;
    if (audit.isError) {
      return (
        <LoadError
          message={failureMessage(audit.error, { fallback: ADMIN_AUDIT_FAILED, offline: OFFLINE_MESSAGE })}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      );
    }
    // The page shown, which is the last one while another loads: everything below describes its own rows.
    const { items, total, query } = audit.data;
    if (total === 0) {
      return (
        <p className="rounded-2xl bg-white p-8 text-center text-lg text-stone-700 shadow-sm ring-1 ring-cream-200">
          {isAuditFiltered(query) ? NO_CHANGES_MATCH : NO_CHANGES_YET}
        </p>
      );
    }
    return (
      <div className="flex flex-col gap-4">
        <h2 ref={resultsHeadingRef} tabIndex={-1} className="text-lg font-bold text-roast-900 tabular-nums">
          {total === 1 ? '1 change' : `Changes ${pageRange(query.offset, items.length, total)}`}
        </h2>
        {items.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-lg text-stone-700 shadow-sm ring-1 ring-cream-200">
            This page is past the last change.
          </p>
        ) : (
          <ul role="list" aria-label="Changes, newest first" className="flex flex-col gap-3">
            {items.map((entry) => (
              <li key={entry._id}>
                <AuditEntryCard entry={entry} targetHref={targetHref(entry.target)} />
              </li>
            ))}
          </ul>
        )}
        <ListPager label="Pages of changes" list={audit.data} onTurnTo={turnTo} />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <AuditFilters
        action={filter.action}
        target={filter.target}
        onChange={({ action, target }) => show({ action, target: target.trim(), page: 1 })}
      />
      {/* While another page or filter loads, the list shown is the last one, marked busy. */}
      <div aria-busy={audit.isPlaceholderData}>{results()}</div>
    </div>
  );
}

function AuditEntryCard({ entry, targetHref }: { entry: AuditEntry; targetHref: string }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="min-w-0 text-lg font-bold break-words text-roast-900">
          {auditActionLabel(entry.action)}
        </h3>
        <p className="text-sm text-stone-600 tabular-nums">
          <time dateTime={entry.at}>{formatOrderTime(entry.at)}</time>
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-stone-700">Target</dt>
        <dd className="min-w-0 break-words">
          <Link
            to={targetHref}
            className="font-medium text-roast-800 underline underline-offset-2 hover:text-roast-900"
          >
            {formatAuditTarget(entry.target)}
          </Link>
        </dd>
        <dt className="font-semibold text-stone-700">By</dt>
        <dd className="min-w-0 break-words text-stone-800">{entry.actor.email}</dd>
      </dl>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {/* Nothing before: it was made by the change; nothing after: the change deleted it. */}
        <StateBox title="Before" nothing="Nothing: new" state={describeAuditState(entry.before, entry.after)} />
        <StateBox title="After" nothing="Deleted" state={describeAuditState(entry.after, entry.before)} />
      </div>
    </article>
  );
}

/** One side of a change: a line per field, those that differ from the other side bold and marked at the edge. */
function StateBox({ title, nothing, state }: { title: string; nothing: string; state: AuditState }) {
  const headingId = useId();
  return (
    // A group, not a region: two landmarks per change would bury the page's own in a screen reader's list.
    <div role="group" aria-labelledby={headingId} className="min-w-0 rounded-xl bg-cream-50 p-3 ring-1 ring-cream-200">
      <h4 id={headingId} className="text-sm font-bold text-stone-700">
        {title}
      </h4>
      {state.kind === 'none' && <p className="mt-1 text-sm text-stone-700">{nothing}</p>}
      {state.kind === 'value' && (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-900">{state.value}</p>
      )}
      {state.kind === 'fields' && (
        <dl className="mt-1 flex flex-col gap-0.5 text-sm">
          {state.fields.map(({ label, value, changed }) => (
            <div
              key={label}
              className={clsx(
                'border-l-4 pl-2 break-words',
                changed ? 'border-amber-700 text-stone-900' : 'border-transparent text-stone-700',
              )}
            >
              <dt className={clsx('inline', changed && 'font-bold')}>{label}:</dt>{' '}
              <dd className={clsx('inline whitespace-pre-line', changed && 'font-semibold')}>
                {value}
                {changed && <span className="sr-only"> (changed)</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
