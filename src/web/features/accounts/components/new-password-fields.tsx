/** A new password typed twice, as the reset link's form and the account page's password change both ask for it. */
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '#shared/schemas/user';
import { TextField } from '#web/components/ui/text-field.tsx';

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: FieldError; confirmPassword?: FieldError };
  /** The server's refusal of the new password (too common), shown where the form's own checks are. */
  serverError?: string | undefined;
}

export function NewPasswordFields({ password, confirmPassword, errors, serverError }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
        error={errors.password?.message ?? serverError}
        {...password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
    </>
  );
}
