/** /contact: the contact form beside the shop's address, phone and e-mail. */
import { SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { ShopAddress } from '#web/components/layout/shop-address.tsx';
import { ContactForm } from '#web/features/contact/components/contact-form.tsx';

const linkClass = 'rounded-sm font-semibold text-buy underline-offset-4 hover:underline';

export default function ContactRoute() {
  return (
    <PageContainer>
      <PageMeta
        title={`Contact Us | ${SHOP_NAME}`}
        description="Questions about an order, a product or an allergen? Write to Roast & Co., call our London team or chat with us on WhatsApp."
      />
      <PageHeading description="Questions about an order, a product or an allergen? Send us a message and we will reply by e-mail.">
        Contact Us
      </PageHeading>

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr] lg:items-start">
        <section aria-label="Contact form" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200 sm:p-8">
          <ContactForm />
        </section>

        <section
          aria-labelledby="contact-details"
          className="rounded-2xl bg-cream-100 p-5 ring-1 ring-cream-200 sm:p-8"
        >
          <h2 id="contact-details" className="text-lg font-bold text-roast-900">
            Find us
          </h2>
          <ShopAddress size="page" linkClass={linkClass} />
        </section>
      </div>
    </PageContainer>
  );
}
