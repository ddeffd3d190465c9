/**
 * A list's search form: a choice (All or one value) and words, applied with Enter or the form's button. A choice that
 * applies at once (the orders' status) also applies words typed and not yet searched for, as one form would; one that
 * does not (the audit's action) waits for the button, so choosing and typing make one request, not two.
 */
import type { FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useFollowing } from '#web/lib/use-following.ts';
import { type ChoiceOption, ChoiceSelect } from './choice-select.tsx';

interface SearchFiltersProps<Value extends string> {
  /** The search landmark's name: 'Orders', 'Audit'. */
  name: string;
  choice: {
    label: string;
    name: string;
    value: Value | undefined;
    options: readonly ChoiceOption<Value>[];
    appliesAtOnce: boolean;
  };
  words: { label: string; hint: string; name: string; value: string };
  submitLabel: string;
  onChange: (filters: { choice: Value | undefined; words: string }) => void;
}

export function SearchFilters<Value extends string>({
  name,
  choice,
  words,
  submitLabel,
  onChange,
}: SearchFiltersProps<Value>) {
  // The fields follow the owner's choice at once, and the address bar again when it changes by itself (Back, a link).
  const [chosen, setChosen] = useFollowing(choice.value);
  const [typed, setTyped] = useFollowing(words.value);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ choice: chosen, words: typed.trim() });
  };

  return (
    <form
      role="search"
      aria-label={name}
      onSubmit={onSubmit}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:grid-cols-[minmax(12rem,18rem)_1fr] sm:items-end sm:p-5"
    >
      <ChoiceSelect
        label={choice.label}
        name={choice.name}
        value={chosen}
        options={choice.options}
        allLabel="All"
        onChange={(next) => {
          setChosen(next);
          if (choice.appliesAtOnce) onChange({ choice: next, words: typed.trim() });
        }}
      />
      <div className="flex items-end gap-2">
        <TextField
          label={words.label}
          hint={words.hint}
          type="search"
          name={words.name}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="primary">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
