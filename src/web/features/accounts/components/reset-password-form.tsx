/** A new password, typed twice, for the account a mailed reset link belongs to. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { failureMessage } from '#web/lib/api-client.ts';
import { ResetPasswordFormSchema, type ResetPasswordFormValues, useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { serverPasswordError } from './server-password-error.ts';

export function ResetPasswordForm({ token, onReset }: { token: string; onReset: (message: string) => void }) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) => {
    resetPassword.mutate({ token, password }, { onSuccess: (answer) => onReset(answer.message) });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <NewPasswordFields
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        errors={errors}
        serverError={serverPasswordError(resetPassword.error)}
      />

      <FormMessage tone="error">
        {resetPassword.isError &&
          !serverPasswordError(resetPassword.error) &&
          failureMessage(resetPassword.error, { fallback: 'Reset failed', offline: 'Something went wrong' })}
      </FormMessage>

      <SubmitButton variant="buy" className="w-full" busy={resetPassword.isPending}>
        {resetPassword.isPending ? 'Saving…' : 'Reset password'}
      </SubmitButton>
    </form>
  );
}
