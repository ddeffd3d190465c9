/**
 * /api/auth/reset-password/:token (an address under /api/, kept for the links already mailed): the link is checked first, so a used or expired one
 * says so at once; then a new password, the server's message and /login after 3 s.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PASSWORD_RESET_REDIRECT_MS, SHOP_NAME } from '#shared/constants';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useResetLinkCheck } from '#web/features/accounts/api/check-reset-link.ts';
import { AuthCard, authLinkClass } from '#web/features/accounts/components/auth-card.tsx';
import { ResetPasswordForm } from '#web/features/accounts/components/reset-password-form.tsx';
import { useRedirectAfter } from '#web/lib/use-redirect-after.ts';

export default function ResetPasswordRoute() {
  const token = useParams().token ?? '';
  const [doneMessage, setDoneMessage] = useState<string>();
  const check = useResetLinkCheck(token);
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
      {doneMessage !== undefined ? null : check.isPending ? (
        <p role="status" className="text-stone-600">
          Checking your link…
        </p>
      ) : check.data?.usable === false ? (
        <FormMessage tone="error">{check.data.message}</FormMessage>
      ) : (
        // Usable, or the check could not be made: the form, whose answer will say if the link fails.
        <ResetPasswordForm token={token} onReset={setDoneMessage} />
      )}
      {doneMessage !== undefined && (
        <>
          <FormMessage tone="success" focusOnShow>
            {doneMessage}
          </FormMessage>
          {/* The page moves on by itself; a shopper who reads slowly or uses a screen reader goes when ready. */}
          <p className="mt-4 text-sm">
            <Link to={paths.login.getHref()} className={authLinkClass}>
              Log in with your new password
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
