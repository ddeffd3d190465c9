/**
 * The account page's 'Two-step login' for staff and admin accounts (decision 103): set up with an authenticator app
 * (a QR code, the otpauth link and the key as text), confirmed with the app's first code, the recovery codes shown
 * once with a way to copy them, and turned off with the password and a code.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import encodeQR from 'qr';
import type { TotpConfirmBody, TotpDisableBody, TotpStartAnswer } from '#shared/schemas/totp';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import { TotpConfirmFormSchema, useConfirmTotp } from '../api/confirm-totp.ts';
import { useTotpStatus } from '../api/get-totp-status.ts';
import { useStartTotp } from '../api/start-totp.ts';
import { TotpDisableFormSchema, useTurnOffTotp } from '../api/turn-off-totp.ts';

export const TWO_STEP_FAILED = 'We could not change two-step login. Please try again.';

export function TwoStepLogin() {
  const status = useTotpStatus();
  const [setup, setSetup] = useState<TotpStartAnswer>();
  const [recoveryCodes, setRecoveryCodes] = useState<{ message: string; codes: string[] }>();
  const [turnedOff, setTurnedOff] = useState<string>();

  if (recoveryCodes) {
    return (
      <RecoveryCodes
        message={recoveryCodes.message}
        codes={recoveryCodes.codes}
        onDone={() => setRecoveryCodes(undefined)}
      />
    );
  }
  if (setup) {
    return (
      <ConfirmSetup
        setup={setup}
        onCancel={() => setSetup(undefined)}
        onConfirmed={(message, codes) => {
          setSetup(undefined);
          setRecoveryCodes({ message, codes });
        }}
      />
    );
  }
  if (status.isPending) return <p className="text-stone-700">Loading…</p>;
  if (status.isError) {
    return <FormMessage tone="error">{failureMessage(status.error, { fallback: TWO_STEP_FAILED })}</FormMessage>;
  }
  if (status.data.enabled) {
    return <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} onTurnedOff={setTurnedOff} />;
  }
  return (
    <StartSetup
      notice={turnedOff}
      onStarted={(answer) => {
        setTurnedOff(undefined);
        setSetup(answer);
      }}
    />
  );
}

function StartSetup({
  notice,
  onStarted,
}: {
  notice: string | undefined;
  onStarted: (answer: TotpStartAnswer) => void;
}) {
  const start = useStartTotp();
  return (
    <div className="space-y-4">
      <FormMessage tone="success">{notice}</FormMessage>
      <p className="text-stone-700">
        Two-step login is off. Turn it on and, after your password, the shop asks for a code from an authenticator app
        on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone
        cannot open the shop's back office.
      </p>
      <FormMessage tone="error">
        {start.isError && failureMessage(start.error, { fallback: TWO_STEP_FAILED })}
      </FormMessage>
      <Button
        variant="primary"
        disabled={start.isPending}
        onClick={() => start.mutate(undefined, { onSuccess: onStarted })}
      >
        {start.isPending ? 'Setting up…' : 'Set up two-step login'}
      </Button>
    </div>
  );
}

/** The key in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function ConfirmSetup({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TotpStartAnswer;
  onCancel: () => void;
  onConfirmed: (message: string, codes: string[]) => void;
}) {
  const confirm = useConfirmTotp();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TotpConfirmBody>({ resolver: zodResolver(TotpConfirmFormSchema), defaultValues: { code: '' } });
  const qrCode = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(encodeQR(setup.uri, 'svg'))}`;

  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = handleSubmit((body) => {
    confirm.mutate(body, {
      onSuccess: ({ message, recoveryCodes }) => onConfirmed(message, recoveryCodes),
      onError: (error) => {
        const fieldError = error instanceof ApiRequestError ? error.errors[0] : undefined;
        if (fieldError?.field === 'code') setError('code', { message: fieldError.message }, { shouldFocus: true });
      },
    });
  });
  const fieldRefused = confirm.error instanceof ApiRequestError && confirm.error.errors.length > 0;

  return (
    <div className="space-y-4">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-roast-900">
        Scan the code with your authenticator app
      </h3>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg bg-white p-2 ring-1 ring-stone-300"
        />
        <div className="min-w-0 space-y-2 text-stone-700">
          <p>Or type this key into the app:</p>
          <p>
            <code className="block break-all rounded-lg bg-cream-100 px-3 py-2 font-mono text-base text-stone-900">
              {grouped(setup.secret)}
            </code>
          </p>
          <p>
            <a href={setup.uri} className="font-semibold text-buy underline underline-offset-4 hover:text-buy-hover">
              Open in an authenticator app on this device
            </a>
          </p>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Authentication code"
          hint="The 6-digit code the app shows for Roast & Co."
          className="sm:max-w-xs"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          error={errors.code?.message}
          {...register('code')}
        />
        <FormMessage tone="error">
          {confirm.isError && !fieldRefused && failureMessage(confirm.error, { fallback: TWO_STEP_FAILED })}
        </FormMessage>
        <div className="flex flex-wrap gap-3">
          <SubmitButton variant="primary" disabled={confirm.isPending}>
            {confirm.isPending ? 'Turning on…' : 'Turn on two-step login'}
          </SubmitButton>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ message, codes, onDone }: { message: string; codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<string>();
  const listId = useId();
  return (
    <div className="space-y-4">
      <FormMessage tone="success" focusOnShow>
        {message}
      </FormMessage>
      <p id={listId} className="font-semibold text-stone-800">
        Your recovery codes (shown only now):
      </p>
      <ul aria-labelledby={listId} className="grid max-w-md grid-cols-2 gap-2 font-mono text-base text-stone-900">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-cream-100 px-3 py-1.5 text-center">
            {code}
          </li>
        ))}
      </ul>
      <FormMessage tone="success">{copied}</FormMessage>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            navigator.clipboard.writeText(codes.join('\n')).then(
              () => setCopied('Recovery codes copied.'),
              () => setCopied('Your browser did not let us copy them: please select the codes and copy them yourself.'),
            );
          }}
        >
          Copy recovery codes
        </Button>
        <Button variant="primary" onClick={onDone}>
          I have saved my recovery codes
        </Button>
      </div>
    </div>
  );
}

function TurnOff({
  recoveryCodesLeft,
  onTurnedOff,
}: {
  recoveryCodesLeft: number;
  onTurnedOff: (message: string) => void;
}) {
  const turnOff = useTurnOffTotp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TotpDisableBody>({
    resolver: zodResolver(TotpDisableFormSchema),
    defaultValues: { password: '', code: '' },
  });

  const onSubmit = handleSubmit((body) => {
    turnOff.mutate(body, {
      onSuccess: ({ message }) => onTurnedOff(message),
      onError: (error) => {
        const fieldError = error instanceof ApiRequestError ? error.errors[0] : undefined;
        if (fieldError?.field === 'password' || fieldError?.field === 'code') {
          setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
        }
      },
    });
  });
  const fieldRefused = turnOff.error instanceof ApiRequestError && turnOff.error.errors.length > 0;

  return (
    <div className="space-y-4">
      <p className="text-stone-700">
        Two-step login is on: after your password, the shop asks for the code from your authenticator app. You have{' '}
        {recoveryCodesLeft} recovery {recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Authentication code"
          hint="The 6-digit code from your authenticator app, or a recovery code."
          className="sm:max-w-sm"
          autoComplete="one-time-code"
          required
          error={errors.code?.message}
          {...register('code')}
        />
        <FormMessage tone="error">
          {turnOff.isError && !fieldRefused && failureMessage(turnOff.error, { fallback: TWO_STEP_FAILED })}
        </FormMessage>
        <SubmitButton variant="secondary" disabled={turnOff.isPending}>
          {turnOff.isPending ? 'Turning off…' : 'Turn off two-step login'}
        </SubmitButton>
      </form>
    </div>
  );
}
