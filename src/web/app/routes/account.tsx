/**
 * /account (docs/api.md, A UK shopper's rules): the customer's name and e-mail, a password change, for staff and admin
 * accounts their two-step login (decision 103), the address saved on this device, and 'Delete my account'. Logged-in customers only; a lazy chunk. Once the account is deleted the session ends
 * (token, user, guest data and the saved address go) and the page says what happened.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { paths } from '#web/config/paths.ts';
import { ChangePasswordForm } from '#web/features/accounts/components/change-password-form.tsx';
import { DeleteAccount } from '#web/features/accounts/components/delete-account.tsx';
import { TwoStepLogin } from '#web/features/accounts/components/two-step-login.tsx';
import { SavedAddress } from '#web/features/orders/components/saved-address.tsx';
import { logOut, useSession } from '#web/lib/session.ts';
import { RequireCustomer } from '../require-customer.tsx';

const meta = (
  <PageMeta
    title={`My Account | ${SHOP_NAME}`}
    description="Your Roast & Co. account: your details, your password, your saved address, and deleting your account."
  />
);

export default function AccountRoute() {
  const [deleted, setDeleted] = useState<string | null>(null);
  const session = useSession();
  const staffOrAdmin = session?.user.role === 'admin' || session?.user.role === 'staff';

  if (deleted) {
    return (
      <PageContainer className="max-w-3xl">
        {meta}
        <PageHeading>Account deleted</PageHeading>
        <FormMessage tone="success" focusOnShow>
          {deleted}
        </FormMessage>
        <Link to={paths.home.getHref()} className={buttonStyles({ variant: 'buy', className: 'mt-6' })}>
          Continue shopping
        </Link>
      </PageContainer>
    );
  }

  return (
    <RequireCustomer>
      <PageContainer className="max-w-3xl">
        {meta}
        <PageHeading>My Account</PageHeading>
        <div className="flex flex-col gap-6">
          <Section id="account-details" title="Your details">
            <Details />
          </Section>
          <Section id="account-password" title="Change password">
            <ChangePasswordForm />
          </Section>
          {staffOrAdmin && (
            <Section id="account-two-step" title="Two-step login">
              <TwoStepLogin />
            </Section>
          )}
          <Section id="account-address" title="Saved address">
            <SavedAddress />
          </Section>
          <Section id="account-delete" title="Delete my account">
            <p className="mb-4 text-stone-700">
              Your name, e-mail address, password, cart and saved address are deleted, and you are logged out. We keep
              your orders for our accounts (as the law asks), without your name, e-mail address or delivery address.
            </p>
            <DeleteAccount
              onDeleted={(message) => {
                setDeleted(message);
                logOut();
              }}
            />
          </Section>
        </div>
      </PageContainer>
    </RequireCustomer>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200 sm:p-6">
      <h2 id={id} className="mb-4 text-xl font-bold text-roast-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Details() {
  const session = useSession();
  if (!session) return null;
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-stone-700">Name</dt>
      <dd className="text-stone-900">{session.user.name}</dd>
      <dt className="font-semibold text-stone-700">E-mail</dt>
      <dd className="break-all text-stone-900">{session.user.email}</dd>
    </dl>
  );
}
