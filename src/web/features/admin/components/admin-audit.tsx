/**
 * The owner's Audit screen below its heading: the filters (action, target), then one page of admin changes, newest
 * first (lists.ts, `auditList`), each with when, who, what, to which target, and the state before and after.
 */
import { clsx } from 'clsx';
import { useId } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTIONS, type AuditEntry } from '#shared/schemas/admin';
import { useAdminList } from '../hooks/use-admin-list.ts';
import { listFilterParams } from '../list-fields.ts';
import {
  AUDIT_ACTION_LABELS,
  type AuditState,
  auditActionLabel,
  describeAuditState,
  formatAuditTarget,
} from '../audit-format.ts';
import { auditList } from '../lists.ts';
import { formatOrderTime } from '../order-format.ts';
import { AdminList } from './admin-list.tsx';
import { SearchFilters } from './search-filters.tsx';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-5';
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));

/** Every change to one target: its name as the list shows it, which the Target field reads back. */
const targetHref = (target: string) =>
  `?${listFilterParams(auditList.fields, { action: undefined, target: formatAuditTarget(target), page: 1 }).toString()}`;

export function AdminAudit() {
  const audit = useAdminList(auditList);
  const { filter } = audit;
  return (
    <AdminList
      list={auditList}
      state={audit}
      row={(entry) => <AuditEntryCard entry={entry} targetHref={targetHref(entry.target)} />}
    >
      <SearchFilters
        name="Audit"
        choice={{
          label: 'Action',
          name: 'action',
          value: filter.action,
          options: ACTION_OPTIONS,
          appliesAtOnce: false,
        }}
        words={{
          label: 'Target',
          hint: 'An order number (RC-1042), or a target chosen in the list',
          name: 'target',
          value: filter.target,
        }}
        submitLabel="Filter"
        onChange={({ choice, words }) => audit.apply({ action: choice, target: words })}
      />
    </AdminList>
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
