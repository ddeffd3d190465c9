/**
 * The frame the shop's written pages share (legal.tsx, help.tsx): title, description and canonical link, the
 * heading with when the text last changed, and one reading style; with the paragraph that says who we are.
 */
import type { ReactNode } from 'react';
import { SHOP_NAME } from '#shared/constants';
import { SHOP_COMPANY, SHOP_CONTACT } from '#shared/shop-contact';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';

export const linkClass = 'font-semibold text-buy underline underline-offset-4 hover:text-buy-hover';

/** A period as a sentence says it: 'a day', '30 days'. */
export const days = (count: number) => (count === 1 ? 'a day' : `${count} days`);

export function LegalPage({
  title,
  metaTitle,
  description,
  lastUpdated,
  children,
}: {
  title: string;
  metaTitle: string;
  description: string;
  /** When the text last changed, as a date is written ('27 November 2026'): a shopper may want to know. */
  lastUpdated: string;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <PageMeta title={`${metaTitle} | ${SHOP_NAME}`} description={description} />
      <article className="mx-auto max-w-3xl">
        <PageHeading description={`Last updated ${lastUpdated}.`}>{title}</PageHeading>
        <div className="space-y-8 text-base leading-relaxed text-stone-800 [&_h2]:text-xl [&_h2]:font-extrabold [&_h2]:text-roast-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-roast-900 [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
          {children}
        </div>
      </article>
    </PageContainer>
  );
}

/** Who we are and how to reach us: the same paragraph on each page. */
export function WhoWeAre() {
  return (
    <p>
      {SHOP_NAME} is the trading name of {SHOP_COMPANY.legalName}, registered in {SHOP_COMPANY.registeredIn} with
      company number {SHOP_COMPANY.companyNumber}, VAT number {SHOP_COMPANY.vatNumber}. Our registered office is{' '}
      {SHOP_CONTACT.addressLines.join(', ')}. You can reach us at{' '}
      <a href={`mailto:${SHOP_CONTACT.email}`} className={linkClass}>
        {SHOP_CONTACT.email}
      </a>{' '}
      or on{' '}
      <a href={SHOP_CONTACT.phoneHref} className={linkClass}>
        {SHOP_CONTACT.phone}
      </a>{' '}
      (Monday to Friday, 9am to 5pm).
    </p>
  );
}
