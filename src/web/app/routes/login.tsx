/** /login: e-mail and password, then back where the shopper came from (`?redirectTo=`), or home. */
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { paths, safeRedirectPath } from '#web/config/paths.ts';
import { AuthCard, authLinkClass } from '#web/features/accounts/components/auth-card.tsx';
import { LoginForm } from '#web/features/accounts/components/login-form.tsx';
import { emailFromLoginState } from '#web/features/accounts/login-state.ts';
import { logIn, useSession } from '#web/lib/session.ts';

export default function LoginRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'));
  // Sent here after verifying an address or resetting a password: the form starts with that address.
  const email = emailFromLoginState(useLocation().state);

  // Logged in here, or in another tab while this one waited: on to where the shopper was going.
  useEffect(() => {
    if (session) navigate(redirectTo, { replace: true });
  }, [session, redirectTo, navigate]);

  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Log in to see your orders and keep your cart on every device."
      footer={
        <p>
          New to {SHOP_NAME}?{' '}
          <Link to={paths.signup.getHref()} className={authLinkClass}>
            Create an account
          </Link>
        </p>
      }
    >
      <PageMeta
        title={`Login | ${SHOP_NAME}`}
        description="Log in to your Roast & Co. account to see your orders and keep your cart on every device."
      />
      <LoginForm onLoggedIn={logIn} initialEmail={email} />
    </AuthCard>
  );
}
