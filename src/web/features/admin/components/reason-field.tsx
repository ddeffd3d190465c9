/** The 'Reason' a refund or a cancellation is given: one line, as long as the server keeps. */
import type { Ref } from 'react';
import { REFUND_REASON_MAX_LENGTH } from '#shared/schemas/refund';
import { TextField } from '#web/components/ui/text-field.tsx';

export function ReasonField({
  ref,
  value,
  error,
  onChange,
}: {
  ref?: Ref<HTMLInputElement>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      ref={ref}
      label="Reason"
      error={error}
      value={value}
      maxLength={REFUND_REASON_MAX_LENGTH}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
