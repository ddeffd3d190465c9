/**
 * A form's submit button, disabled until React has taken the server-rendered page over. Before that a click, or
 * Enter in a field, would send the form the browser's own way: a GET with every field, a password too, in the
 * address. With the button disabled the browser sends nothing.
 */
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { Button, type ButtonProps } from './button.tsx';

export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, 'type'>) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}
