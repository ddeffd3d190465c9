/** The root route: the site frame with the header's search, cart link and account controls composed in, and focus moved to new pages. */
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { MAIN_CONTENT_ID, SiteLayout } from '#web/components/layout/site-layout.tsx';
import { AccountControls, SignupMenuItem } from '#web/features/accounts/components/account-controls.tsx';
import { SearchForm } from '#web/features/catalog/components/search-form.tsx';
import { paths } from '#web/config/paths.ts';
import { HeaderCartLink } from './shop-cart.tsx';

export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useFocusMainOnNavigation();

  return (
    <SiteLayout
      search={<SearchForm />}
      headerActions={
        <>
          <HeaderCartLink />
          <AccountControls />
        </>
      }
      phoneMenuExtras={<SignupMenuItem />}
      busy={navigation.state === 'loading'}
      chat={!isAdminPath(pathname)}
    >
      <Outlet />
      <ScrollRestoration />
    </SiteLayout>
  );
}

/** The owner's screens: /admin and everything under it. */
const isAdminPath = (pathname: string) =>
  pathname === paths.admin.getHref() || pathname.startsWith(`${paths.admin.getHref()}/`);

/**
 * After moving to another page, screen-reader and keyboard users start at the new content rather than
 * at the link they used. Changes within a page (filters, search words) leave focus alone.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}
