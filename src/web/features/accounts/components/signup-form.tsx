/** The sign-up form: first name, last name, e-mail and password, all required; the server's answer decides the next step. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '#shared/schemas/user';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { failureMessage } from '#web/lib/api-client.ts';
import {
  type SignupFormInput,
  SignupFormSchema,
  type SignupFormValues,
  type SignupOutcome,
  useSignup,
} from '../api/signup.ts';
import { serverPasswordError } from './server-password-error.ts';

export function SignupForm({ onSignedUp }: { onSignedUp: (outcome: SignupOutcome, email: string) => void }) {
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupFormInput, unknown, SignupFormValues>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    signup.mutate(values, { onSuccess: (outcome) => onSignedUp(outcome, values.email) });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
        error={errors.password?.message ?? serverPasswordError(signup.error)}
        {...register('password')}
      />

      <FormMessage tone="error">
        {signup.isError &&
          !serverPasswordError(signup.error) &&
          failureMessage(signup.error, { fallback: 'Something went wrong' })}
      </FormMessage>

      <SubmitButton variant="buy" className="w-full" busy={signup.isPending}>
        {signup.isPending ? 'Creating your account…' : 'Sign up'}
      </SubmitButton>
    </form>
  );
}
