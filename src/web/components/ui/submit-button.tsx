/**
 * A form's submit button, disabled until React has taken the server-rendered page over. Before that a click, or
 * Enter in a field, would send the form the browser's own way: a GET with every field, a password too, in the
 * address. With the button disabled the browser sends nothing.
 *
 * `busy` (decision 066): while the server works on what the button sent, the button is disabled (no second
 * sending), says so in its words (the caller's `children`, e.g. 'Sending…') and shows a spinner, and is marked
 * `aria-busy`.
 */
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { Button, type ButtonProps } from './button.tsx';

export function SubmitButton({
  disabled,
  busy = false,
  children,
  ...props
}: Omit<ButtonProps, 'type'> & { busy?: boolean }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={!hydrated || disabled || busy} aria-busy={busy || undefined} {...props}>
      {busy && (
        <span
          data-busy-indicator=""
          aria-hidden="true"
          className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </Button>
  );
}
