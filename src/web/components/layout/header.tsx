/** The site header: logo, a slot for search, a slot for cart and account, and the main navigation. */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, X } from '#web/components/ui/icons.tsx';
import { clsx } from 'clsx';
import { SHOP_NAME } from '#shared/constants';
import { paths } from '#web/config/paths.ts';

const NAV_LINKS = [
  { to: paths.home.getHref(), label: 'Home', end: true },
  { to: paths.bestsellers.getHref(), label: 'Bestsellers', end: false },
  { to: paths.products.getHref(), label: 'Products', end: false },
  { to: paths.about.getHref(), label: 'About', end: false },
  { to: paths.contact.getHref(), label: 'Contact Us', end: false },
] as const;

interface HeaderProps {
  /** The search form (a feature, composed by the app). */
  search?: ReactNode;
  /** Cart and account controls, once those features exist. */
  actions?: ReactNode;
  /** Links the phone's header has no room for, shown at the end of its menu (Signup, for a visitor). */
  phoneMenuExtras?: ReactNode;
}

export function Header({ search, actions, phoneMenuExtras }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const { pathname } = useLocation();

  // A new page closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value the effect reads
  useEffect(() => setMenuOpen(false), [pathname]);

  // A layout effect, so the listener is there before the open menu is painted: with a passive effect an Escape
  // pressed as soon as the menu showed could arrive first and be lost.
  useLayoutEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    // On a phone the header stays on screen (one row of logo, cart, account and menu, then the search), so the cart
    // is always a tap away; styles.css keeps focused fields clear of it with scroll-padding.
    <header className="z-30 border-b border-cream-200 bg-white max-md:sticky max-md:top-0">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 sm:gap-x-6 px-4 py-2 sm:px-6 md:gap-y-3 md:py-3">
        <Link
          to={paths.home.getHref()}
          className="flex shrink-0 items-center gap-1.5 rounded-md text-lg font-extrabold tracking-tight text-roast-900 sm:gap-2 sm:text-xl"
        >
          <img src="/favicon.svg" alt="" width={36} height={36} className="size-8 sm:size-9" />
          <span>{SHOP_NAME}</span>
        </Link>

        {search && <div className="order-last w-full md:order-none md:w-auto md:flex-1">{search}</div>}

        {/* On a phone the row takes what the logo leaves and the account button gives way (its name cut short), so
            the controls stay beside the logo and never push the page sideways. */}
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-1 sm:gap-2 md:ml-0 md:flex-none">
          {actions}
          {/* NOTE: without scripts styles.css hides this button and shows the nav, finding them by aria-controls and
              the nav's aria-label. */}
          <button
            ref={menuButtonRef}
            type="button"
            className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-stone-300 px-2.5 text-sm font-semibold text-stone-800 hover:bg-cream-100 sm:px-3 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
            {/* The icon alone on a phone; the button is still named 'Menu'. */}
            <span className="max-sm:sr-only">Menu</span>
          </button>
        </div>
      </div>

      <nav
        id={navId}
        aria-label="Main"
        className={clsx('border-t border-cream-200 bg-cream-100', menuOpen ? 'block' : 'hidden', 'md:block')}
      >
        <ul className="mx-auto flex max-w-7xl flex-col px-4 py-2 sm:px-6 md:flex-row md:gap-2 md:py-0">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  clsx(
                    'flex min-h-11 items-center rounded-md px-3 text-sm font-semibold md:rounded-none md:border-b-[3px] md:px-4',
                    isActive
                      ? 'bg-white text-buy md:border-buy md:bg-transparent'
                      : 'text-stone-700 hover:text-roast-900 md:border-transparent md:hover:border-cream-300',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          {phoneMenuExtras}
        </ul>
      </nav>
    </header>
  );
}
