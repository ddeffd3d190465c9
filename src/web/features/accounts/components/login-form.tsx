/**
 * The login form: e-mail and password. An address that is not verified yet gets the code step here,
 * and once the code is right the customer is logged in with what they typed, without typing it again.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginAnswer, LoginBody } from '#shared/schemas/user';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { paths } from '#web/config/paths.ts';
import { failureMessage } from '#web/lib/api-client.ts';
import { LoginFormSchema, unverifiedUserId, useLogin } from '../api/login.ts';
import { authLinkClass } from './auth-card.tsx';
import { VerifyCodeForm } from './verify-code-form.tsx';

interface PendingVerification {
  userId: string;
  credentials: LoginBody;
  message: string;
}

export function LoginForm({ onLoggedIn }: { onLoggedIn: (answer: LoginAnswer) => void }) {
  const login = useLogin();
  const [pending, setPending] = useState<PendingVerification>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '', password: '' } });

  const logInWith = (credentials: LoginBody) => {
    login.mutate(credentials, {
      onSuccess: onLoggedIn,
      onError: (error) => {
        const userId = unverifiedUserId(error);
        if (userId) setPending({ userId, credentials, message: error.message });
      },
    });
  };

  if (pending) {
    return (
      <VerifyCodeForm
        userId={pending.userId}
        email={pending.credentials.email}
        intro={pending.message}
        onVerified={() => {
          setPending(undefined);
          logInWith(pending.credentials);
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(logInWith)} className="space-y-5">
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <div>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="mt-2 text-right text-sm">
          <Link to={paths.forgotPassword.getHref()} className={authLinkClass}>
            Forgot password?
          </Link>
        </p>
      </div>

      <FormMessage tone="error">
        {login.isError && failureMessage(login.error, { fallback: 'Login failed' })}
      </FormMessage>

      <SubmitButton variant="buy" className="w-full" busy={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log in'}
      </SubmitButton>
    </form>
  );
}
