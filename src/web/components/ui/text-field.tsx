/**
 * A text input in a `FormField`: its visible label, an optional hint and an error, tied together for screen
 * readers. Takes react-hook-form's `register()` result as props (its ref included).
 */
import { forwardRef, type InputHTMLAttributes } from 'react';
import { clsx } from 'clsx';
import { FormField, fieldBorder } from './form-field.tsx';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, className, type = 'text', ...inputProps },
  ref,
) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          ref={ref}
          type={type}
          {...control}
          className={clsx(
            'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
            fieldBorder(error),
          )}
          {...inputProps}
        />
      )}
    </FormField>
  );
});
