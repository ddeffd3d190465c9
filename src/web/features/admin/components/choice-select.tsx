/**
 * A labelled select among a list filter's values. `allLabel`: a first option for no filter at all (the value
 * `undefined`), for a field whose default is none.
 */
import { clsx } from 'clsx';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';

export interface ChoiceOption<Value extends string> {
  value: Value;
  label: string;
}

interface ChoiceSelectProps<Value extends string, Chosen extends Value | undefined> {
  label: string;
  name?: string;
  value: Chosen;
  options: readonly ChoiceOption<Value>[];
  allLabel?: string;
  onChange: (value: Chosen) => void;
  className?: string;
}

export function ChoiceSelect<Value extends string, Chosen extends Value | undefined>({
  label,
  name,
  value,
  options,
  allLabel,
  onChange,
  className,
}: ChoiceSelectProps<Value, Chosen>) {
  return (
    <FormField label={label} className={className}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={value ?? ''}
          onChange={(event) => {
            const next = options.find((option) => option.value === event.target.value);
            // '' is the 'All' option, there only when no filter is a value.
            if (next || allLabel !== undefined) onChange(next?.value as Chosen);
          }}
          className={clsx(
            'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
            fieldBorder(undefined),
          )}
        >
          {allLabel !== undefined && <option value="">{allLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
