/** Asks for a password-reset link by e-mail and shows the server's answer (the same whether or not the address has an account). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ForgotPasswordBody } from '#shared/schemas/user';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { failureMessage } from '#web/lib/api-client.ts';
import { ForgotPasswordFormSchema, useForgotPassword } from '../api/forgot-password.ts';

export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver: zodResolver(ForgotPasswordFormSchema), defaultValues: { email: '' } });

  return (
    <form noValidate onSubmit={handleSubmit((body) => forgotPassword.mutate(body))} className="space-y-5">
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />

      <FormMessage tone="success">{forgotPassword.isSuccess && forgotPassword.data.message}</FormMessage>
      <FormMessage tone="error">
        {forgotPassword.isError &&
          failureMessage(forgotPassword.error, {
            fallback: 'Something went wrong',
            offline: 'Error sending reset link',
          })}
      </FormMessage>

      <SubmitButton variant="buy" className="w-full" busy={forgotPassword.isPending}>
        {forgotPassword.isPending ? 'Sending…' : 'Send reset link'}
      </SubmitButton>
    </form>
  );
}
