/**
 * The login form: e-mail and password. An address that is not verified yet gets the code step here,
 * and once the code is right the customer is logged in with what they typed, without typing it again. An account
 * with the second step on is asked for its authenticator app's code in a field of its own, and the form is sent again.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginAnswer, LoginBody } from '#shared/schemas/user';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { paths } from '#web/config/paths.ts';
import { failureMessage } from '#web/lib/api-client.ts';
import { LoginFormSchema, totpRequiredMessage, unverifiedUserId, useLogin } from '../api/login.ts';
import { authLinkClass } from './auth-card.tsx';
import { VerifyCodeForm } from './verify-code-form.tsx';

interface PendingVerification {
  userId: string;
  credentials: LoginBody;
  message: string;
}

export function LoginForm({
  onLoggedIn,
  initialEmail = '',
}: {
  onLoggedIn: (answer: LoginAnswer) => void;
  /** The address the shopper just verified or reset the password of: only the password is left to type. */
  initialEmail?: string;
}) {
  const login = useLogin();
  const [pending, setPending] = useState<PendingVerification>();
  /** How many times the server has asked for the authenticator app's code: each time, the field takes focus. */
  const [codeAsked, setCodeAsked] = useState(0);
  /** A recovery code has letters: the field then offers the full keyboard. */
  const [recoveryCode, setRecoveryCode] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<LoginBody>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: initialEmail, password: '', totp: '' },
  });

  // Arriving with the address filled in, the shopper's next step is the password.
  useEffect(() => {
    if (initialEmail) setFocus('password');
  }, [initialEmail, setFocus]);

  useEffect(() => {
    if (codeAsked > 0) setFocus('totp');
  }, [codeAsked, setFocus]);

  const logInWith = (credentials: LoginBody) => {
    login.mutate(credentials, {
      onSuccess: onLoggedIn,
      onError: (error) => {
        const userId = unverifiedUserId(error);
        if (userId) setPending({ userId, credentials, message: error.message });
        const codeWanted = totpRequiredMessage(error);
        if (codeWanted) {
          setValue('totp', '');
          setError('totp', { message: codeWanted });
          setCodeAsked((times) => times + 1);
        }
      },
    });
  };
  // The server's ask for a code is shown at the code's field, not again below the form.
  const codeRefused = totpRequiredMessage(login.error) !== undefined;

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

      {codeAsked > 0 && (
        <div>
          <TextField
            label="Authentication code"
            hint={
              recoveryCode
                ? 'One of the recovery codes you saved when you turned on two-step login.'
                : 'The 6-digit code from your authenticator app.'
            }
            autoComplete={recoveryCode ? 'off' : 'one-time-code'}
            inputMode={recoveryCode ? 'text' : 'numeric'}
            required
            error={errors.totp?.message}
            {...register('totp')}
          />
          <p className="mt-2 text-right text-sm">
            <button
              type="button"
              className={authLinkClass}
              onClick={() => {
                setRecoveryCode((using) => !using);
                setFocus('totp');
              }}
            >
              {recoveryCode ? 'Use the code from your app' : 'Use a recovery code'}
            </button>
          </p>
        </div>
      )}

      <FormMessage tone="error">
        {login.isError && !codeRefused && failureMessage(login.error, { fallback: 'Login failed' })}
      </FormMessage>

      <SubmitButton variant="buy" className="w-full" busy={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log in'}
      </SubmitButton>
    </form>
  );
}
