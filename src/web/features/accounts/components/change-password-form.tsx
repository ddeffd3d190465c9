/**
 * The account page's password change: the current password, then the new one twice. A wrong current password is
 * shown at its field (the server's 401 names it); on success this browser keeps its session with the fresh token.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import { logIn, useSession } from '#web/lib/session.ts';
import { ChangePasswordFormSchema, type ChangePasswordFormValues, useChangePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { serverPasswordError } from './server-password-error.ts';

export const CHANGE_PASSWORD_FAILED = 'We could not change your password. Please try again.';

export function ChangePasswordForm() {
  const session = useSession();
  const changePassword = useChangePassword();
  const [changed, setChanged] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setChanged(null);
    changePassword.mutate(values, {
      onSuccess: ({ message, token }) => {
        if (session) logIn({ user: session.user, token });
        reset();
        setChanged(message);
      },
      onError: (error) => {
        const fieldError = error instanceof ApiRequestError ? error.errors[0] : undefined;
        if (fieldError?.field === 'currentPassword') {
          setError('currentPassword', { message: fieldError.message }, { shouldFocus: true });
        }
      },
    });
  });

  const fieldRefused = changePassword.error instanceof ApiRequestError && changePassword.error.errors.length > 0;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        errors={errors}
        serverError={serverPasswordError(changePassword.error)}
      />

      <FormMessage tone="error">
        {changePassword.isError &&
          !fieldRefused &&
          failureMessage(changePassword.error, { fallback: CHANGE_PASSWORD_FAILED })}
      </FormMessage>
      <FormMessage tone="success">{changed}</FormMessage>

      <SubmitButton variant="primary" disabled={changePassword.isPending}>
        {changePassword.isPending ? 'Changing password…' : 'Change password'}
      </SubmitButton>
    </form>
  );
}
