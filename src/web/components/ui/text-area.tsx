/**
 * A multi-line text box with its visible label, an optional hint and an error, tied together for screen readers
 * the same way as `TextField`.
 */
import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { clsx } from 'clsx';

export interface TextAreaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, className, rows = 6, ...textAreaProps },
  ref,
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-stone-600">
          {hint}
        </p>
      )}
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          'mt-1.5 block w-full resize-y rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
          error ? 'border-offer' : 'border-stone-400',
        )}
        {...textAreaProps}
      />
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-offer">
          {error}
        </p>
      )}
    </div>
  );
});
