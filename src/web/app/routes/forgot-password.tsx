/** /forgot-password: asks for a reset link by e-mail. */
import { Link } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageTitle } from '#web/components/layout/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import { AuthCard, authLinkClass } from '#web/features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx';

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
      <PageTitle title={`Forgot password | ${SHOP_NAME}`} />
      <ForgotPasswordForm />
    </AuthCard>
  );
}
