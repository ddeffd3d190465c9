/**
 * The audit's filters: a kind of change and a target (an order number, or a target as the list shows it), applied
 * together with Filter, so choosing an action and typing a target make one request, not two.
 */
import { clsx } from 'clsx';
import type { FormEvent } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '#shared/schemas/admin';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { parseAuditAction } from '../audit-filter.ts';
import { AUDIT_ACTION_LABELS } from '../audit-format.ts';
import { useFollowing } from '#web/lib/use-following.ts';

interface AuditFiltersProps {
  action: AuditAction | undefined;
  target: string;
  onChange: (filters: { action: AuditAction | undefined; target: string }) => void;
}

export function AuditFilters({ action, target, onChange }: AuditFiltersProps) {
  // The fields follow the owner's typing at once, and the address bar again when it changes by itself (Back, a link).
  const [chosenAction, setChosenAction] = useFollowing(action);
  const [typedTarget, setTypedTarget] = useFollowing(target);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ action: chosenAction, target: typedTarget });
  };

  return (
    <form
      role="search"
      aria-label="Audit"
      onSubmit={onSubmit}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:grid-cols-[minmax(12rem,18rem)_1fr_auto] sm:items-end sm:p-5"
    >
      <FormField label="Action">
        {(control) => (
          <select
            {...control}
            name="action"
            value={chosenAction ?? ''}
            onChange={(event) => setChosenAction(parseAuditAction(event.target.value))}
            className={clsx(
              'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
              fieldBorder(undefined),
            )}
          >
            <option value="">All</option>
            {AUDIT_ACTIONS.map((option) => (
              <option key={option} value={option}>
                {AUDIT_ACTION_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label="Target"
        hint="An order number (RC-1042), or a target chosen in the list"
        type="search"
        name="target"
        value={typedTarget}
        onChange={(event) => setTypedTarget(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
        className="min-w-0"
      />
      <Button type="submit" variant="primary" className="justify-self-start">
        Filter
      </Button>
    </form>
  );
}
