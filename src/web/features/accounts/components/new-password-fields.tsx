/** A new password typed twice, as the reset link's form and the account page's password change both ask for it. */
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '#shared/schemas/user';
import { TextField } from '#web/components/ui/text-field.tsx';

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: FieldError; confirmPassword?: FieldError };
}

export function NewPasswordFields({ password, confirmPassword, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
        error={errors.password?.message}
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
