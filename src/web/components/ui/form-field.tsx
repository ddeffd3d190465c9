/**
 * A form control's visible label, optional hint and error, tied to the control for screen readers: the error is
 * announced when it appears, and the control is marked invalid and described by it. `TextField` and `TextArea`
 * put their control inside.
 */
import { useId, type ReactNode } from 'react';

/** What the control must carry so its label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

export function FormField({ label, hint, error, className, children }: FormFieldProps) {
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
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-offer">
          {error}
        </p>
      )}
    </div>
  );
}

/** The control's border: red while it has an error. */
export const fieldBorder = (error: string | undefined) => (error ? 'border-offer' : 'border-stone-400');
