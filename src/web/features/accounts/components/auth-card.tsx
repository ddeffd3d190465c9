/** The frame of the account screens: a narrow column with the page's heading, a card for the form and links below. */
import type { ReactNode } from 'react';
import { PageContainer } from '#web/components/layout/page-container.tsx';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links to the other account screens, under the card. */
  footer?: ReactNode;
}

export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <PageContainer>
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-3xl font-extrabold tracking-tight text-roast-900">{title}</h1>
        {description && <p className="mt-2 text-stone-600">{description}</p>}
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200 sm:p-8">{children}</div>
        {footer && <div className="mt-6 space-y-2 text-center text-sm text-stone-700">{footer}</div>}
      </div>
    </PageContainer>
  );
}

export const authLinkClass = 'rounded-sm font-semibold text-buy underline underline-offset-4 hover:text-buy-hover';
