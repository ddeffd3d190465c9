/**
 * /signup: the form, then the e-mailed code; once verified, 'Email verified! You can now log in.' and /login
 * after 2 s. An answer carrying the session itself logs the customer in and goes home.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OTP_VERIFIED_REDIRECT_MS, SHOP_NAME } from '#shared/constants';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { paths } from '#web/config/paths.ts';
import { AuthCard, authLinkClass } from '#web/features/accounts/components/auth-card.tsx';
import { EMAIL_VERIFIED_MESSAGE } from '#web/features/accounts/api/verify-otp.ts';
import { loginState } from '#web/features/accounts/login-state.ts';
import { SignupForm } from '#web/features/accounts/components/signup-form.tsx';
import { VerifyCodeForm } from '#web/features/accounts/components/verify-code-form.tsx';
import { logIn } from '#web/lib/session.ts';
import { useRedirectAfter } from '#web/lib/use-redirect-after.ts';

type Step = { name: 'form' } | { name: 'code'; userId: string; email: string } | { name: 'verified'; email: string };

export default function SignupRoute() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: 'form' });
  useRedirectAfter({
    active: step.name === 'verified',
    to: paths.login.getHref(),
    delayMs: OTP_VERIFIED_REDIRECT_MS,
    // The login form starts with the address just verified: only the password is left to type.
    state: step.name === 'verified' ? loginState(step.email) : undefined,
  });

  return (
    <AuthCard
      title="Create your account"
      description="Your orders in one place, and your cart on every device."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login.getHref()} className={authLinkClass}>
            Log in
          </Link>
        </p>
      }
    >
      <PageMeta
        title={`Signup | ${SHOP_NAME}`}
        description="Create a Roast & Co. account: your orders in one place, and your cart on every device."
      />
      {step.name === 'form' && (
        <SignupForm
          onSignedUp={(outcome, email) => {
            if ('token' in outcome) {
              logIn(outcome);
              navigate(paths.home.getHref());
            } else {
              setStep({ name: 'code', userId: outcome.userId, email });
            }
          }}
        />
      )}
      {step.name === 'code' && (
        <VerifyCodeForm
          userId={step.userId}
          email={step.email}
          onVerified={() => setStep({ name: 'verified', email: step.email })}
        />
      )}
      {step.name === 'verified' && (
        <FormMessage tone="success" focusOnShow>
          {EMAIL_VERIFIED_MESSAGE}
        </FormMessage>
      )}
    </AuthCard>
  );
}
