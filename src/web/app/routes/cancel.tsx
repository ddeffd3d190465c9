/** /cancel: the payment was declined, abandoned or could not be confirmed; the cart is kept for another try. */
import { Link } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { SHOP_CONTACT } from '#shared/shop-contact';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';

/** The shop's text, word for word. */
export const PAYMENT_NOT_COMPLETED =
  'Payment Failed or Cancelled: Your payment was not completed. Please try again or contact support.';

export default function CancelRoute() {
  const linkClass = 'font-semibold text-buy underline hover:text-buy-hover';
  return (
    <PageContainer>
      <PageMeta
        title={`Payment not completed | ${SHOP_NAME}`}
        description="Your payment was not completed. Your Roast & Co. cart is kept, so you can try again whenever you are ready."
      />
      <div className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-roast-900">Payment not completed</h1>
        <p className="mt-4 text-lg text-stone-800">{PAYMENT_NOT_COMPLETED}</p>
        <p className="mt-3 text-stone-700">Your cart is kept, so you can try again whenever you are ready.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.cart.getHref()} className={buttonStyles({ variant: 'buy' })}>
            Return to cart
          </Link>
          <Link to={paths.home.getHref()} className={buttonStyles({ variant: 'secondary' })}>
            Continue shopping
          </Link>
        </div>
        <p className="mt-8 text-stone-700">
          Need help? Call us on{' '}
          <a href={SHOP_CONTACT.phoneHref} className={linkClass}>
            {SHOP_CONTACT.phone}
          </a>{' '}
          or e-mail{' '}
          <a href={`mailto:${SHOP_CONTACT.email}`} className={linkClass}>
            {SHOP_CONTACT.email}
          </a>
          .
        </p>
      </div>
    </PageContainer>
  );
}
