/**
 * The code step of sign-up (and of a login before the address is verified): the 6-digit code from the e-mail,
 * and a button that mails a new one, showing the server's answer or how long to wait.
 */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SIGNUP_CODE_LENGTH, SIGNUP_CODE_VALID_MINUTES } from '#shared/schemas/user';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { failureMessage } from '#web/lib/api-client.ts';
import { useResendOtp } from '../api/resend-otp.ts';
import { useVerifyOtp, type VerifyOtpFormValues, VerifyOtpFormSchema } from '../api/verify-otp.ts';

interface VerifyCodeFormProps {
  userId: string;
  email: string;
  /** What the server said when it asked for the code (login of an unverified address); a default otherwise. */
  intro?: string | undefined;
  onVerified: (message: string) => void;
}

export function VerifyCodeForm({ userId, email, intro, onVerified }: VerifyCodeFormProps) {
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<VerifyOtpFormValues>({ resolver: zodResolver(VerifyOtpFormSchema), defaultValues: { otp: '' } });

  // The step replaces the form that led here, so focus moves to the field the customer needs next.
  useEffect(() => setFocus('otp'), [setFocus]);

  const onSubmit = handleSubmit(({ otp }) => {
    verify.mutate({ userId, otp }, { onSuccess: (answer) => onVerified(answer.message) });
  });

  const askForNewCode = () => {
    resend.mutate({ userId }, { onSuccess: () => verify.reset() });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div>
        <h2 className="text-xl font-bold text-roast-900">Check your e-mail</h2>
        <p className="mt-1 text-sm text-stone-700">
          {intro ?? `We have e-mailed a ${SIGNUP_CODE_LENGTH}-digit code to ${email}.`} The code works for{' '}
          {SIGNUP_CODE_VALID_MINUTES} minutes.
        </p>
      </div>

      <TextField
        label={`${SIGNUP_CODE_LENGTH}-digit code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SIGNUP_CODE_LENGTH}
        required
        error={errors.otp?.message}
        className="max-w-48"
        {...register('otp')}
      />

      <FormMessage tone="error">
        {verify.isError && failureMessage(verify.error, { fallback: 'OTP verification failed' })}
      </FormMessage>

      <SubmitButton variant="buy" className="w-full" busy={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify code'}
      </SubmitButton>

      <div className="space-y-3 border-t border-cream-200 pt-5">
        <p className="text-sm text-stone-700">No code? Check your spam folder, or ask for a new one.</p>
        <Button variant="secondary" onClick={askForNewCode} disabled={resend.isPending}>
          {resend.isPending ? 'Sending a new code…' : 'Send a new code'}
        </Button>
        <FormMessage tone="success">{resend.isSuccess && resend.data.message}</FormMessage>
        <FormMessage tone="error">
          {resend.isError && failureMessage(resend.error, { fallback: 'Something went wrong' })}
        </FormMessage>
      </div>
    </form>
  );
}
