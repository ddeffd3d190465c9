/**
 * A list's one filter above it: a select that applies as soon as it is chosen (it changes only the list below, no
 * change of context). It shows the owner's choice at once, and follows the address bar when that changes by itself
 * (Back, a link).
 */
import { clsx } from 'clsx';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { useFollowing } from '#web/lib/use-following.ts';

interface ListFilterProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}

export function ListFilter<Value extends string>({ label, value, options, onChange }: ListFilterProps<Value>) {
  const [chosen, setChosen] = useFollowing(value);
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-5">
      <FormField label={label} className="sm:w-56">
        {(control) => (
          <select
            {...control}
            value={chosen}
            onChange={(event) => {
              const next = options.find((option) => option.value === event.target.value);
              if (!next) return;
              setChosen(next.value);
              onChange(next.value);
            }}
            className={clsx(
              'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
              fieldBorder(undefined),
            )}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
