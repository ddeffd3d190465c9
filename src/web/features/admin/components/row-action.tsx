/**
 * One of a list row's buttons (a review's, a product's): small, secondary unless told, named with what it acts on
 * after its visible word ('Hide review by Ada Lovelace'), and while its change is sent, busy in its own words
 * ('Hiding…').
 */
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';

export function RowAction({
  pending = false,
  pendingText,
  who,
  variant = 'secondary',
  children,
  ...props
}: Omit<ButtonProps, 'size'> & { pending?: boolean; pendingText?: string; who: string }) {
  return (
    <Button variant={variant} size="sm" aria-busy={pending || undefined} {...props}>
      {pending ? pendingText : children}
      <span className="sr-only"> {who}</span>
    </Button>
  );
}
