/**
 * The shop's postal address, phone and e-mail as one `<address>`: the footer's and the contact page's are the
 * same details in two sizes, and the footer adds the chat link as a last line.
 */
import type { ReactNode } from 'react';
import { Mail, MapPin, Phone } from 'lucide-react';
import { clsx } from 'clsx';
import { SHOP_NAME } from '#shared/constants';
import { SHOP_CONTACT } from '#shared/shop-contact';

interface ShopAddressProps {
  /** `page` on the contact page (larger, with the shop's name), `footer` in the footer. */
  size: 'page' | 'footer';
  linkClass: string;
  /** Lines after the e-mail, laid out as the others: give each a `ShopAddressLine`. */
  children?: ReactNode;
}

const sizes = {
  page: { address: 'space-y-4 text-stone-800', line: 'gap-3', icon: 'size-5 text-roast-700' },
  footer: { address: 'space-y-3 text-sm', line: 'gap-2', icon: 'size-4' },
};

type Icon = typeof Mail;

export function ShopAddressLine({
  icon: LineIcon,
  size,
  children,
}: {
  icon: Icon;
  size: ShopAddressProps['size'];
  children: ReactNode;
}) {
  return (
    <p className={clsx('flex', sizes[size].line)}>
      <LineIcon aria-hidden="true" className={clsx('mt-0.5 shrink-0', sizes[size].icon)} />
      {children}
    </p>
  );
}

export function ShopAddress({ size, linkClass, children }: ShopAddressProps) {
  return (
    <address className={clsx('mt-4 not-italic', sizes[size].address)}>
      <ShopAddressLine icon={MapPin} size={size}>
        <span>
          {size === 'page' && SHOP_NAME}
          {SHOP_CONTACT.addressLines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </span>
      </ShopAddressLine>
      <ShopAddressLine icon={Phone} size={size}>
        <a href={SHOP_CONTACT.phoneHref} className={linkClass}>
          {SHOP_CONTACT.phone}
        </a>
      </ShopAddressLine>
      <ShopAddressLine icon={Mail} size={size}>
        <a href={`mailto:${SHOP_CONTACT.email}`} className={linkClass}>
          {SHOP_CONTACT.email}
        </a>
      </ShopAddressLine>
      {children}
    </address>
  );
}
