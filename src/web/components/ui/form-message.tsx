/**
 * A message about a whole form: an error, announced at once (role="alert"), or a success, announced politely
 * (role="status"). Nothing is shown without a message.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { clsx } from 'clsx';

interface FormMessageProps {
  tone: 'error' | 'success';
  children?: ReactNode;
  /** Moves focus to the message when it appears: for a message that replaces the form that held focus. */
  focusOnShow?: boolean;
  className?: string;
}

export function FormMessage({ tone, children, focusOnShow = false, className }: FormMessageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(children);
  useEffect(() => {
    if (shown && focusOnShow) ref.current?.focus();
  }, [shown, focusOnShow]);

  if (!shown) return null;
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      ref={ref}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={focusOnShow ? -1 : undefined}
      className={clsx(
        'flex gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium',
        tone === 'error' ? 'border-red-300 bg-red-50 text-offer' : 'border-emerald-300 bg-emerald-50 text-emerald-900',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
