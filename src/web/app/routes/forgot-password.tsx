/** /forgot-password: asks for a reset link by e-mail. */
import { Link } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { AuthCard, authLinkClass } from '#web/features/accounts/components/auth-card.tsx';
import { ForgotPasswordForm } from '#web/features/accounts/components/forgot-password-form.tsx';

export default function ForgotPasswordRoute() {
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.login.getHref()} className={authLinkClass}>
            Log in
          </Link>
        </p>
      }
    >
      <PageMeta
        title={`Forgot password | ${SHOP_NAME}`}
        description="Forgotten the password of your Roast & Co. account? Enter your e-mail address and we will send you a link to choose a new one."
      />
      <ForgotPasswordForm />
    </AuthCard>
  );
}
