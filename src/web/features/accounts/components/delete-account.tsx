/**
 * 'Delete my account', asked twice: the button opens a step that says what happens and asks for the password; only
 * 'Yes, delete my account' deletes it. `onDeleted` gets the server's message once the account is gone.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { DeleteAccountBody } from '#shared/schemas/user';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import { DeleteAccountFormSchema, useDeleteAccount } from '../api/delete-account.ts';

export const DELETE_ACCOUNT_FAILED = 'We could not delete your account. Please try again.';

export function DeleteAccount({ onDeleted }: { onDeleted: (message: string) => void }) {
  const [asking, setAsking] = useState(false);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  const warningId = useId();
  const deleteAccount = useDeleteAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<DeleteAccountBody>({ resolver: zodResolver(DeleteAccountFormSchema), defaultValues: { password: '' } });

  // The step takes focus when it opens, and gives it back to its button when it closes.
  useEffect(() => {
    if (asking) setFocus('password');
    else if (wasAsking.current) openButtonRef.current?.focus();
    wasAsking.current = asking;
  }, [asking, setFocus]);

  const onSubmit = handleSubmit((body) => {
    deleteAccount.mutate(body, {
      onSuccess: ({ message }) => onDeleted(message),
      onError: (error) => {
        const fieldError = error instanceof ApiRequestError ? error.errors[0] : undefined;
        if (fieldError?.field === 'password')
          setError('password', { message: fieldError.message }, { shouldFocus: true });
      },
    });
  });

  if (!asking) {
    return (
      <button
        ref={openButtonRef}
        type="button"
        className={buttonStyles({ variant: 'secondary' })}
        onClick={() => setAsking(true)}
      >
        Delete my account
      </button>
    );
  }

  const fieldRefused = deleteAccount.error instanceof ApiRequestError && deleteAccount.error.errors.length > 0;
  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={warningId} className="space-y-5">
      <p id={warningId} className="font-semibold text-stone-900">
        Are you sure? This cannot be undone. Enter your password to delete your account.
      </p>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <FormMessage tone="error">
        {deleteAccount.isError &&
          !fieldRefused &&
          failureMessage(deleteAccount.error, { fallback: DELETE_ACCOUNT_FAILED })}
      </FormMessage>
      <div className="flex flex-wrap gap-3">
        <SubmitButton variant="primary" disabled={deleteAccount.isPending}>
          {deleteAccount.isPending ? 'Deleting your account…' : 'Yes, delete my account'}
        </SubmitButton>
        <Button
          variant="secondary"
          disabled={deleteAccount.isPending}
          onClick={() => {
            reset();
            deleteAccount.reset();
            setAsking(false);
          }}
        >
          Keep my account
        </Button>
      </div>
    </form>
  );
}
