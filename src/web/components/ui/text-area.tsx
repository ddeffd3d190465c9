/** A multi-line text box in a `FormField`, tied to its label, hint and error the same way as `TextField`. */
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { clsx } from 'clsx';
import { FormField, fieldBorder } from './form-field.tsx';

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
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          ref={ref}
          rows={rows}
          {...control}
          className={clsx(
            'mt-1.5 block w-full resize-y rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
            fieldBorder(error),
          )}
          {...textAreaProps}
        />
      )}
    </FormField>
  );
});
