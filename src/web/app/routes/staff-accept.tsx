/**
 * /staff/accept/:token: where an invitation's link lands (decision 097). It says who the invitation is for and in
 * which role, or why the link cannot be used; then a new password typed twice, and the way to log in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { paths } from '#web/config/paths.ts';
import { ResetPasswordFormSchema, type ResetPasswordFormValues } from '#web/features/accounts/api/reset-password.ts';
import { useAcceptStaffInvite, useStaffInvite } from '#web/features/accounts/api/staff-invite.ts';
import { AuthCard, authLinkClass } from '#web/features/accounts/components/auth-card.tsx';
import { NewPasswordFields } from '#web/features/accounts/components/new-password-fields.tsx';
import { serverPasswordError } from '#web/features/accounts/components/server-password-error.ts';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';

const ROLE_WORDS = {
  staff: 'as staff: orders, packing and dispatch, messages and reviews',
  admin: 'as an admin: everything in the shop’s admin',
} as const;

export default function StaffAcceptRoute() {
  const token = useParams().token ?? '';
  const invite = useStaffInvite(token);
  const accept = useAcceptStaffInvite();
  const [done, setDone] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(({ password }) =>
    accept.mutate({ token, password }, { onSuccess: (answer) => setDone(answer.message) }),
  );

  return (
    <AuthCard title="Join the team">
      <PageMeta title={`Join the team | ${SHOP_NAME}`} description={`Accept an invitation to work at ${SHOP_NAME}.`} />
      {done !== undefined ? (
        <div className="space-y-4">
          <FormMessage tone="success" focusOnShow>
            {done}
          </FormMessage>
          <Link to={paths.login.getHref(paths.admin.getHref())} className={authLinkClass}>
            Log in
          </Link>
        </div>
      ) : invite.isPending ? (
        <p role="status" className="text-stone-600">
          Checking your invitation…
        </p>
      ) : invite.isError ? (
        <FormMessage tone="error">
          {failureMessage(invite.error, {
            fallback: 'We could not check this invitation. Please try again.',
            offline: OFFLINE_MESSAGE,
          })}
        </FormMessage>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <p className="text-stone-800">
            {invite.data.name}, you are invited to work at {SHOP_NAME} {ROLE_WORDS[invite.data.role]}. Choose a password
            for <strong className="break-all">{invite.data.email}</strong>.
          </p>
          <NewPasswordFields
            password={register('password')}
            confirmPassword={register('confirmPassword')}
            errors={errors}
            serverError={serverPasswordError(accept.error)}
          />
          <FormMessage tone="error">
            {accept.isError &&
              !serverPasswordError(accept.error) &&
              failureMessage(accept.error, {
                fallback: 'We could not accept the invitation. Please try again.',
                offline: OFFLINE_MESSAGE,
              })}
          </FormMessage>
          <SubmitButton variant="buy" className="w-full" busy={accept.isPending}>
            {accept.isPending ? 'Saving…' : 'Accept and set password'}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
