/**
 * A list's one filter above it: a select that applies as soon as it is chosen (it changes only the list below, no
 * change of context). It shows the owner's choice at once, and follows the address bar when that changes by itself
 * (Back, a link).
 */
import { useFollowing } from '#web/lib/use-following.ts';
import { type ChoiceOption, ChoiceSelect } from './choice-select.tsx';

interface ListFilterProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly ChoiceOption<Value>[];
  onChange: (value: Value) => void;
}

export function ListFilter<Value extends string>({ label, value, options, onChange }: ListFilterProps<Value>) {
  const [chosen, setChosen] = useFollowing(value);
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-5">
      <ChoiceSelect
        label={label}
        value={chosen}
        options={options}
        className="sm:w-56"
        onChange={(next) => {
          setChosen(next);
          onChange(next);
        }}
      />
    </div>
  );
}
