/** /contact: the contact form beside the shop's address, phone and e-mail. */
import { Mail, MapPin, Phone } from 'lucide-react';
import { SHOP_CONTACT, SHOP_NAME } from '#shared/constants';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
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
          <address className="mt-4 space-y-4 text-stone-800 not-italic">
            <p className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-roast-700" />
              <span>
                {SHOP_NAME}
                {SHOP_CONTACT.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="flex gap-3">
              <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-roast-700" />
              <a href={SHOP_CONTACT.phoneHref} className={linkClass}>
                {SHOP_CONTACT.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-roast-700" />
              <a href={`mailto:${SHOP_CONTACT.email}`} className={linkClass}>
                {SHOP_CONTACT.email}
              </a>
            </p>
          </address>
        </section>
      </div>
    </PageContainer>
  );
}
