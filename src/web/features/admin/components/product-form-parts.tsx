/**
 * The product form's pieces (product-form.tsx): its boxes, a fieldset as one of them, a field's error, and the
 * checkboxes and radios with their words beside them.
 */
import { clsx } from 'clsx';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ALLERGENS } from '#shared/allergens';
import { fieldBorder } from '#web/components/ui/form-field.tsx';

export const selectStyles = (error: string | undefined) =>
  clsx(
    'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
    fieldBorder(error),
  );
export const box = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-6';
const legendStyles = 'text-lg font-bold text-roast-900';
const checkStyles = 'size-5 shrink-0 accent-roast-800';

/** A fieldset as one of the form's boxes: its legend, a hint, its controls, and the group's own error. */
export function Group({
  legend,
  hint,
  error,
  children,
}: {
  legend: string;
  hint?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy} data-invalid={error ? '' : undefined} className={box}>
      <legend className={clsx(legendStyles, 'float-left w-full')}>{legend}</legend>
      <div className="clear-both pt-2">
        {hint && (
          <p id={`${id}-hint`} className="mb-3 text-sm text-stone-600">
            {hint}
          </p>
        )}
        {children}
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </fieldset>
  );
}

export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-medium text-offer">
      {message}
    </p>
  );
}

/** The 14 allergens as checkboxes of one field (react-hook-form's `register()` result, shared by all 14). */
export function AllergenChecks(field: UseFormRegisterReturn<'allergens' | 'mayContain'>) {
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {ALLERGENS.map((allergen) => (
        <Check key={allergen} label={allergen} value={allergen} {...field} />
      ))}
    </div>
  );
}

/** A checkbox (or radio) with its words beside it, the whole line its label. */
export function Check({
  label,
  type = 'checkbox',
  ref,
  ...inputProps
}: { label: string; type?: 'checkbox' | 'radio'; ref?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type'
>) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-base text-stone-900">
      <input ref={ref} type={type} className={checkStyles} {...inputProps} />
      {label}
    </label>
  );
}
