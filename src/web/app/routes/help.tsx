/**
 * /returns and /faq (docs/api.md, A UK shopper's rules; decision 115): how to send something back and the questions
 * shoppers ask before and after they buy, written for this roastery. One lazy chunk for the two, apart from the
 * legal pages: the help pages are read by shoppers with an order in hand, the legal ones before paying.
 */
import { Link } from 'react-router';
import { DELIVERY_ESTIMATE, SHOP_NAME } from '#shared/constants';
import { KITCHEN_ALLERGEN_WORDS, KITCHEN_STATEMENT } from '#shared/kitchen';
import { SHOP_CONTACT } from '#shared/shop-contact';
import { paths } from '#web/config/paths.ts';
import { LegalPage, linkClass } from './legal-page.tsx';

/** When these texts last changed. */
const LAST_UPDATED = '29 November 2026';

/** The shop's e-mail address as a link. */
function Email() {
  return (
    <a href={`mailto:${SHOP_CONTACT.email}`} className={linkClass}>
      {SHOP_CONTACT.email}
    </a>
  );
}

function Phone() {
  return (
    <a href={SHOP_CONTACT.phoneHref} className={linkClass}>
      {SHOP_CONTACT.phone}
    </a>
  );
}

export function ReturnsRoute() {
  return (
    <LegalPage
      lastUpdated={LAST_UPDATED}
      title="Returns and Refunds"
      metaTitle="Returns and Refunds"
      description="How to return an order to Roast & Co.: your 14-day right to cancel, which food cannot come back once opened, where to send it and when your refund arrives."
    >
      <section>
        <h2>Your 14-day right to cancel</h2>
        <p>
          You may cancel your order for any reason within 14 days of the day it reaches you, under the Consumer
          Contracts Regulations 2013. Tell us by e-mail, phone or post; you need not say why. You can also cancel any
          order before we dispatch it, and we refund it in full.
        </p>
      </section>

      <section>
        <h2>What food can and cannot come back</h2>
        <p>Everything we sell is food, so the law's food exceptions apply once an order has been delivered:</p>
        <ul>
          <li>
            <strong>Unopened packs</strong> in their original seal may be returned within the 14 days.
          </li>
          <li>
            <strong>Opened or unsealed packs</strong> cannot be returned: sealed food that has been unsealed is not
            suitable for return for health and hygiene reasons.
          </li>
          <li>
            <strong>Perishable goods</strong>, or anything liable to spoil quickly, cannot be returned once delivered.
          </li>
        </ul>
        <p>
          None of this limits your rights when something is wrong. If a pack arrives damaged, spoiled, past its
          best-before date or not what you ordered, tell us within 30 days with your order number and a photo if you
          can: we refund it or send a replacement, and you do not need to send food back.
        </p>
      </section>

      <section>
        <h2>How to return an unopened pack</h2>
        <ol>
          <li>
            E-mail <Email /> or call <Phone /> (Monday to Friday, 9am to 5pm) within 14 days of delivery, with your
            order number and the packs you are returning. We reply with your return reference.
          </li>
          <li>
            Send the packs, unopened and well wrapped, with the reference inside, to: {SHOP_NAME} Returns,{' '}
            {SHOP_CONTACT.addressLines.join(', ')}, within 14 days of telling us.
          </li>
          <li>Keep your proof of postage until your refund arrives.</li>
        </ol>
        <p>
          You pay the cost of sending back goods you have changed your mind about; we pay it, and refund your postage,
          when the goods were faulty or not what you ordered.
        </p>
      </section>

      <section>
        <h2>Your refund</h2>
        <p>
          We refund what you paid for the returned goods, with the original delivery charge when you return the whole
          order, to the card you paid with, as soon as the packs reach us (or you send proof of posting them), and never
          later than 14 days after. Your bank then takes 5 to 10 days to show it on your card. We e-mail you when we
          make the refund.
        </p>
      </section>

      <section>
        <h2>Questions</h2>
        <p>
          Our{' '}
          <Link to={paths.faq.getHref()} className={linkClass}>
            Frequently Asked Questions
          </Link>{' '}
          answer the common ones, and our{' '}
          <Link to={paths.terms.getHref()} className={linkClass}>
            Terms and Conditions
          </Link>{' '}
          give the full terms. For anything else, e-mail <Email /> or use our{' '}
          <Link to={paths.contact.getHref()} className={linkClass}>
            contact form
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  );
}

/** The FAQ's topics, each a heading with its questions below as smaller headings, so a screen reader can jump between them. */
export function FaqRoute() {
  return (
    <LegalPage
      lastUpdated={LAST_UPDATED}
      title="Frequently Asked Questions"
      metaTitle="FAQ"
      description="Answers from Roast & Co. on delivery, allergens, storage and best-before dates, payment, accounts, returns and how to reach us."
    >
      <section>
        <h2>Delivery</h2>
        <h3>How long will my order take?</h3>
        <p>
          Orders paid for by 1pm on a business day are dispatched the same day; estimated delivery is{' '}
          {DELIVERY_ESTIMATE} by Royal Mail Tracked, and we e-mail you the tracking number when your order leaves.
        </p>
        <h3>Where do you deliver, and what does it cost?</h3>
        <p>
          Across the United Kingdom, including Northern Ireland and the Highlands and Islands. Your cart shows the
          delivery charge for your postcode before you pay; our{' '}
          <Link to={paths.delivery.getHref()} className={linkClass}>
            Delivery Information
          </Link>{' '}
          gives the details.
        </p>
      </section>

      <section>
        <h2>Allergens</h2>
        <h3>Are your products safe for someone with a nut allergy?</h3>
        <p>
          {KITCHEN_STATEMENT} Every product may therefore contain traces of {KITCHEN_ALLERGEN_WORDS}, even those that do
          not contain them as an ingredient, so we cannot recommend any of our products for someone who must avoid them.
        </p>
        <h3>Where do I find a product's allergens?</h3>
        <p>
          In the box beside its price and in its ingredients, where allergens are in bold. The box also names what the
          product may contain.
        </p>
      </section>

      <section>
        <h2>Storage and best-before</h2>
        <h3>How should I store my nuts, dried fruit and seeds?</h3>
        <p>
          Sealed, in a cool, dry cupboard away from sunlight. Once opened, reseal the pack and eat it within a few
          weeks; each product's page gives its own advice, and some (walnuts, pine nuts, hemp seeds) keep best in the
          fridge once opened.
        </p>
        <h3>How long will they keep?</h3>
        <p>
          Every pack is printed with its best-before date, and a product's page shows the date for the weight you choose
          when we know it. Past that date food may lose its crunch and flavour; it is not a use-by date.
        </p>
      </section>

      <section>
        <h2>Payment</h2>
        <h3>How can I pay?</h3>
        <p>
          By debit or credit card, on our payment provider Stripe's secure page. We never see or keep your full card
          number. Prices are in pounds and include VAT where it applies.
        </p>
        <h3>My payment failed. Was I charged?</h3>
        <p>
          No: an order is only placed when the payment goes through. Your cart keeps its items, so you can try again.
        </p>
      </section>

      <section>
        <h2>Accounts</h2>
        <h3>Do I need an account to order?</h3>
        <p>
          No, you can continue as a guest. An account keeps your cart on every device, your saved addresses and your
          orders in one place.
        </p>
        <h3>How do I change my password or delete my account?</h3>
        <p>
          On your account page once you are logged in. If you have forgotten your password, use 'Forgot password?' on
          the{' '}
          <Link to={paths.login.getHref()} className={linkClass}>
            login page
          </Link>
          .
        </p>
      </section>

      <section>
        <h2>Returns</h2>
        <h3>Can I return something?</h3>
        <p>
          Unopened packs within 14 days of delivery; opened packs cannot come back, for hygiene reasons, unless they
          were faulty. Our{' '}
          <Link to={paths.returns.getHref()} className={linkClass}>
            Returns and Refunds
          </Link>{' '}
          page explains how, and when your refund arrives.
        </p>
      </section>

      <section>
        <h2>Contact</h2>
        <h3>How do I reach you?</h3>
        <p>
          E-mail <Email />, call <Phone /> (Monday to Friday, 9am to 5pm), write to us at{' '}
          {SHOP_CONTACT.addressLines.join(', ')}, or send a message from our{' '}
          <Link to={paths.contact.getHref()} className={linkClass}>
            Contact Us
          </Link>{' '}
          page, and we will reply by e-mail.
        </p>
      </section>
    </LegalPage>
  );
}

/** The two screens by their page names, for the router. */
export const helpScreens = { returns: ReturnsRoute, faq: FaqRoute };
