/**
 * The site footer: information links, the shop's contact details with the company behind it, the shop's own social
 * profiles and the legal pages (docs/api.md, A UK shopper's rules; decision 064).
 */
import { Link } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { SHOP_NAME } from '#shared/constants';
import { SHOP_COMPANY, SHOP_CONTACT, SHOP_SOCIAL_PROFILES } from '#shared/shop-contact';
import { paths } from '#web/config/paths.ts';
import { ShopAddress, ShopAddressLine } from './shop-address.tsx';
import { FacebookIcon, InstagramIcon, XIcon } from './social-icons.tsx';

const INFORMATION_LINKS = [
  { to: paths.about.getHref(), label: 'About Us' },
  { to: paths.products.getHref(), label: 'Products' },
  { to: paths.bestsellers.getHref(), label: 'Bestsellers' },
  { to: paths.newLaunches.getHref(), label: 'New Launches' },
  { to: paths.delivery.getHref(), label: 'Delivery' },
  { to: paths.returns.getHref(), label: 'Returns' },
  { to: paths.faq.getHref(), label: 'FAQ' },
] as const;

const LEGAL_LINKS = [
  { to: paths.privacy.getHref(), label: 'Privacy Policy' },
  { to: paths.terms.getHref(), label: 'Terms of Use' },
] as const;

const SOCIAL_LINKS = [
  { href: SHOP_SOCIAL_PROFILES.Instagram, network: 'Instagram', Icon: InstagramIcon },
  { href: SHOP_SOCIAL_PROFILES.Facebook, network: 'Facebook', Icon: FacebookIcon },
  { href: SHOP_SOCIAL_PROFILES.X, network: 'X', Icon: XIcon },
] as const;

const linkClass = 'rounded-sm text-cream-100 underline-offset-4 hover:text-white hover:underline';

export function Footer() {
  // No margin of its own: every page ends with its own padding, and the two together left an empty band.
  return (
    <footer className="bg-roast-900 text-cream-200 [--focus-ring:#fcd34d]">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">{SHOP_NAME}</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">
            Nuts, dry fruits and seeds, roasted in small batches in East London and delivered across the UK.
          </p>
        </div>

        <nav aria-labelledby="footer-information">
          <h2 id="footer-information" className="text-sm font-bold tracking-wider text-white uppercase">
            Information
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {INFORMATION_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">Contact us</h2>
          <ShopAddress size="footer" linkClass={linkClass}>
            <ShopAddressLine icon={MessageCircle} size="footer">
              <a href={SHOP_CONTACT.chatUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                Chat with us<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </ShopAddressLine>
          </ShopAddress>
          <p className="mt-4 text-xs leading-relaxed">
            {SHOP_COMPANY.legalName}, registered in {SHOP_COMPANY.registeredIn}.
            <span className="block">Company number {SHOP_COMPANY.companyNumber}</span>
            <span className="block">VAT number {SHOP_COMPANY.vatNumber}</span>
          </p>
        </div>

        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">Follow us</h2>
          <ul className="mt-4 flex gap-3">
            {SOCIAL_LINKS.map(({ href, network, Icon }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${SHOP_NAME} on ${network} (opens in a new tab)`}
                  className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        {/* The bottom padding leaves room for the floating chat button at the end of every page. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 pt-5 pb-24 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {SHOP_NAME} All prices include VAT where it applies.
          </p>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
