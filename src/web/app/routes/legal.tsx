/**
 * /privacy, /terms and /delivery (docs/api.md, A UK shopper's rules; decision 064): what a UK shopper is owed in writing, for this shop.
 * One lazy chunk for the three: a shopper who reads one often reads another, and none is on a first page's path.
 */
import { Link } from 'react-router';
import { DELIVERY_ESTIMATE } from '#shared/constants';
import { KITCHEN_ALLERGEN_WORDS, KITCHEN_STATEMENT } from '#shared/kitchen';
import { RETENTION } from '#shared/retention';
import { SHOP_COMPANY, SHOP_CONTACT } from '#shared/shop-contact';
import { paths } from '#web/config/paths.ts';
import { deliveryChargeLines, useDeliveryCharges } from './delivery-charges.ts';
import { days, LegalPage, linkClass, WhoWeAre } from './legal-page.tsx';

/** When these texts last changed; shown on each page, as a shopper may want to know what they agreed to. */
const LAST_UPDATED = '29 November 2026';

export function PrivacyRoute() {
  return (
    <LegalPage
      lastUpdated={LAST_UPDATED}
      title="Privacy Policy"
      metaTitle="Privacy Policy"
      description="What personal data Roast & Co. collects, why, how long we keep it, and your rights under UK GDPR, with how to use them."
    >
      <section>
        <h2>Who we are</h2>
        <WhoWeAre />
        <p>
          We are the controller of the personal data described here. This policy explains what we collect when you use
          this shop, why, how long we keep it and what your rights are under the UK General Data Protection Regulation
          (UK GDPR) and the Data Protection Act 2018.
        </p>
      </section>

      <section>
        <h2>What we collect and why</h2>
        <ul>
          <li>
            <strong>Your account</strong> (name, e-mail address, a one-way hash of your password, and the delivery
            addresses you choose to save to it): to let you log in, keep your cart, offer your addresses at checkout and
            show your orders. Lawful basis: our contract with you.
          </li>
          <li>
            <strong>Your orders</strong> (what you bought, the delivery name, address, phone number and e-mail, and the
            amounts paid): to deliver them, answer questions about them and keep the accounts the law requires. Lawful
            basis: our contract with you, and our legal obligations.
          </li>
          <li>
            <strong>Payments</strong> are taken by our payment provider, Stripe. We never see or keep your full card
            number.
          </li>
          <li>
            <strong>Messages and reviews</strong> you send us (your name, e-mail, phone if you give it, and what you
            write; a review's name, location and photo are shown publicly): to answer you and to share reviews with
            other shoppers. Lawful basis: our legitimate interest in answering and in showing honest reviews.
          </li>
          <li>
            <strong>Technical records</strong> (your IP address and the pages asked for, in our server logs): to keep
            the shop secure and working. Lawful basis: our legitimate interest.
          </li>
        </ul>
        <p>
          Your browser keeps your cart, your login and the delivery address you last typed, on your device only; logging
          out removes them. One cookie, roast_cart, tells our server only whether this browser keeps a cart, so that the
          cart page shows the right thing at once; it holds nothing else. We use no advertising or tracking cookies, and
          we never sell your data.
        </p>
      </section>

      <section>
        <h2>How long we keep it</h2>
        <ul>
          <li>Order and payment records: 6 years from the end of the financial year, as HMRC requires.</li>
          <li>
            Your account and the addresses saved to it: until you delete them (an address at checkout, the account on
            your account page) or ask us to. Deleting the account also deletes its saved addresses, your messages to us
            and our record of the e-mails we sent you; your orders stay for our accounts, without your name, e-mail
            address or delivery address.
          </li>
          <li>A checkout you did not pay for: {days(RETENTION.unpaidCheckoutDays)}.</li>
          <li>
            Your messages to us: {RETENTION.contactMessageMonths} months after our last reply (or after they arrived, if
            we did not need to reply).
          </li>
          <li>
            Our record of each e-mail we send you (your address, the subject and when, not what it said):{' '}
            {days(RETENTION.sentMailDays)} after sending.
          </li>
          <li>Sign-up codes and password-reset links: {days(RETENTION.expiredCodeDays)} after they run out.</li>
          <li>Reviews: while they are shown; you can ask us to remove yours at any time.</li>
          <li>Server logs: 30 days.</li>
        </ul>
      </section>

      <section>
        <h2>Who we share it with</h2>
        <p>
          Only those who help us run the shop, each bound by contract to use it for that alone: our payment provider
          (Stripe), our delivery partner (Royal Mail, for the delivery name and address), our e-mail provider and our
          hosting provider. Some of them may process data outside the UK under the safeguards UK law requires.
        </p>
      </section>

      <section>
        <h2>Your rights</h2>
        <p>Under UK GDPR you have the right to:</p>
        <ul>
          <li>ask for a copy of the personal data we hold about you;</li>
          <li>have anything wrong corrected;</li>
          <li>have your data deleted, where we do not need to keep it by law;</li>
          <li>object to, or ask us to limit, how we use it;</li>
          <li>receive the data you gave us in a common format, to take elsewhere.</li>
        </ul>
      </section>

      <section>
        <h2>How to ask</h2>
        <p>
          E-mail{' '}
          <a href={`mailto:${SHOP_CONTACT.email}`} className={linkClass}>
            {SHOP_CONTACT.email}
          </a>{' '}
          or write to us at {SHOP_CONTACT.addressLines.join(', ')}, saying what you would like. We will answer within
          one month, free of charge. If you are unhappy with our answer, you can complain to the Information
          Commissioner's Office (ICO) at ico.org.uk or on 0303 123 1113.
        </p>
      </section>
    </LegalPage>
  );
}

export function TermsRoute() {
  return (
    <LegalPage
      lastUpdated={LAST_UPDATED}
      title="Terms and Conditions"
      metaTitle="Terms and Conditions"
      description="The terms of buying from Roast & Co.: the contract, prices including VAT, delivery, your 14-day right to cancel and its food exceptions, and returns."
    >
      <section>
        <h2>About us and these terms</h2>
        <WhoWeAre />
        <p>
          These terms apply to every order placed on this shop by a consumer in the United Kingdom. Please read them
          before you order; nothing in them affects your statutory rights under the Consumer Rights Act 2015.
        </p>
      </section>

      <section>
        <h2>Your order and our contract</h2>
        <p>
          When you pay, we e-mail you an order confirmation; the contract between you and {SHOP_COMPANY.legalName}{' '}
          begins when that e-mail is sent. If we cannot supply something you ordered (it has sold out, or a price was
          shown wrongly), we will tell you and refund what you paid for it in full.
        </p>
      </section>

      <section>
        <h2>Prices and payment</h2>
        <p>
          All prices are in pounds sterling and include VAT where it applies (most roasted nuts and seeds are
          standard-rated at 20%; dried fruit is zero-rated). The price you pay is the one shown at checkout. Any
          delivery charge is shown in your cart before you pay. Payment is taken by card when you place your order.
        </p>
      </section>

      <section>
        <h2>Delivery</h2>
        <p>
          We deliver to addresses in the United Kingdom, usually within {DELIVERY_ESTIMATE} of your order. Our{' '}
          <Link to={paths.delivery.getHref()} className={linkClass}>
            Delivery Information
          </Link>{' '}
          gives the details. The goods are yours, and at your risk, once they are delivered.
        </p>
      </section>

      <section>
        <h2>Your right to cancel</h2>
        <p>
          Under the Consumer Contracts Regulations 2013 you may cancel your order for any reason within 14 days of the
          day you receive it, by telling us by e-mail, phone or post. We refund what you paid, including the delivery
          cost, within 14 days of receiving the goods back (or proof that you sent them). You pay the cost of returning
          them unless they were faulty or not what you ordered.
        </p>
        <p>
          <strong>Food exceptions.</strong> The right to cancel does not apply, once delivered, to goods that are
          perishable or liable to spoil quickly, or to sealed goods that have been unsealed and are unsuitable for
          return for health or hygiene reasons. In practice: an unopened pack may be returned within 14 days, but an
          opened pack of nuts, dried fruit or seeds cannot. You may still cancel any order before it is dispatched.
        </p>
      </section>

      <section>
        <h2>Faulty goods and returns</h2>
        <p>
          If anything arrives damaged, spoiled, past its best-before date or not as described, tell us within 30 days
          with your order number and a photo if you can. We will refund you in full, or send a replacement if you
          prefer, and you need not send a food item back. This is in addition to your rights under the Consumer Rights
          Act 2015.
        </p>
        <p>
          To return an unopened pack, e-mail us first so we can give you your reference. Our{' '}
          <Link to={paths.returns.getHref()} className={linkClass}>
            Returns and Refunds
          </Link>{' '}
          page explains the steps.
        </p>
      </section>

      <section>
        <h2>Allergens</h2>
        <p>
          Every product page lists its allergens. {KITCHEN_STATEMENT} Any of our products may therefore contain traces
          of {KITCHEN_ALLERGEN_WORDS}: each product's page names those it may contain besides its own ingredients.
          Please read each product's allergen information before you buy.
        </p>
      </section>

      <section>
        <h2>Complaints and the law</h2>
        <p>
          If something goes wrong, please contact us first: we aim to put it right within 5 working days. These terms
          are governed by the law of England and Wales; if you live in Scotland or Northern Ireland you may also bring a
          claim in your local courts.
        </p>
      </section>
    </LegalPage>
  );
}

/** What delivery costs now, as the owner set it; while the charges load (never on the server's page), a line says so. */
function DeliveryCharges() {
  const charges = useDeliveryCharges();
  if (!charges.data) {
    return (
      <p>
        {charges.isError
          ? 'We could not load the delivery charges just now; the cart shows the charge for your order.'
          : 'Loading the delivery charges…'}
      </p>
    );
  }
  const { standard, zones } = deliveryChargeLines(charges.data);
  return (
    <>
      <p>
        <strong>{standard}</strong> The cart shows the charge for your order before you pay, and the total you see at
        checkout is the total you pay.
      </p>
      {zones.length > 0 && (
        <ul>
          {zones.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export function DeliveryRoute() {
  return (
    <LegalPage
      lastUpdated={LAST_UPDATED}
      title="Delivery Information"
      metaTitle="Delivery Information"
      description={`Delivery across the UK in ${DELIVERY_ESTIMATE}: where Roast & Co. delivers, what it costs and when orders are dispatched.`}
    >
      <section>
        <h2>Where we deliver</h2>
        <p>
          We deliver to addresses across the United Kingdom: England, Scotland, Wales and Northern Ireland, including
          the Scottish Highlands and Islands, the Isle of Man and the Isles of Scilly. We do not deliver to the Channel
          Islands or outside the UK yet.
        </p>
      </section>

      <section>
        <h2>What it costs</h2>
        <DeliveryCharges />
      </section>

      <section>
        <h2>When we dispatch</h2>
        <ul>
          <li>Orders paid for by 1pm, Monday to Friday, are packed and dispatched the same business day.</li>
          <li>Orders paid for after 1pm, at weekends or on bank holidays are dispatched the next business day.</li>
          <li>We e-mail you when your order is dispatched, with its tracking number.</li>
        </ul>
      </section>

      <section>
        <h2>How long it takes</h2>
        <p>
          Estimated delivery: <strong>{DELIVERY_ESTIMATE}</strong> from your order, by Royal Mail Tracked. Addresses in
          the Highlands and Islands and Northern Ireland may take a day longer.
        </p>
      </section>

      <section>
        <h2>If something goes wrong</h2>
        <p>
          If your order has not arrived within 7 business days, or arrives damaged, please tell us at{' '}
          <a href={`mailto:${SHOP_CONTACT.email}`} className={linkClass}>
            {SHOP_CONTACT.email}
          </a>{' '}
          and we will send a replacement or refund you. Returns and cancellations are explained in our{' '}
          <Link to={paths.terms.getHref()} className={linkClass}>
            Terms and Conditions
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  );
}

/** The three screens by their page names, for the router. */
export const legalScreens = { privacy: PrivacyRoute, terms: TermsRoute, delivery: DeliveryRoute };
