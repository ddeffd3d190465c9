/** /api/auth/reset-password/:token (the spec's address for it): a new password, then the server's message and /login after 3 s. */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PASSWORD_RESET_REDIRECT_MS, SHOP_NAME } from '#shared/constants';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { paths } from '#web/config/paths.ts';
import { AuthCard, authLinkClass } from '#web/features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';
import { useRedirectAfter } from '#web/lib/use-redirect-after.ts';

export default function ResetPasswordRoute() {
  const token = useParams().token ?? '';
  const [doneMessage, setDoneMessage] = useState<string>();
  useRedirectAfter({
    active: doneMessage !== undefined,
    to: paths.login.getHref(),
    delayMs: PASSWORD_RESET_REDIRECT_MS,
  });

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <p>
          Link not working?{' '}
          <Link to={paths.forgotPassword.getHref()} className={authLinkClass}>
            Ask for a new one
          </Link>
        </p>
      }
    >
      <PageMeta
        title={`Reset password | ${SHOP_NAME}`}
        description="Choose a new password for your Roast & Co. account."
      />
      {doneMessage === undefined ? (
        <ResetPasswordForm token={token} onReset={setDoneMessage} />
      ) : (
        <FormMessage tone="success" focusOnShow>
          {doneMessage}
        </FormMessage>
      )}
    </AuthCard>
  );
}
