/**
 * The order list's filters: a status, applied as soon as it is chosen, and search words, applied with Enter or
 * Search. Choosing a status also applies words typed and not yet searched for, as one form would.
 */
import type { FormEvent } from 'react';
import { clsx } from 'clsx';
import { ORDER_STATUSES, type OrderStatus } from '#shared/schemas/admin';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useFollowing } from '#web/lib/use-following.ts';
import { parseStatus, STATUS_LABELS } from '../order-filter.ts';

interface OrderFiltersProps {
  status: OrderStatus | undefined;
  q: string;
  onChange: (filters: { status: OrderStatus | undefined; q: string }) => void;
}

export function OrderFilters({ status, q, onChange }: OrderFiltersProps) {
  // The fields follow the owner's choice at once, and the address bar again when it changes by itself (Back).
  const [shownStatus, setShownStatus] = useFollowing(status);
  const [words, setWords] = useFollowing(q);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ status: shownStatus, q: words });
  };

  return (
    <form
      role="search"
      aria-label="Orders"
      onSubmit={onSubmit}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:grid-cols-[minmax(10rem,14rem)_1fr] sm:items-end sm:p-5"
    >
      <FormField label="Status">
        {(control) => (
          <select
            {...control}
            value={shownStatus ?? ''}
            onChange={(event) => {
              const next = parseStatus(event.target.value);
              setShownStatus(next);
              onChange({ status: next, q: words });
            }}
            className={clsx(
              'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
              fieldBorder(undefined),
            )}
          >
            <option value="">All</option>
            {ORDER_STATUSES.map((option) => (
              <option key={option} value={option}>
                {STATUS_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="flex items-end gap-2">
        <TextField
          label="Search orders"
          hint="Order number, name or e-mail"
          type="search"
          name="q"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </div>
    </form>
  );
}
