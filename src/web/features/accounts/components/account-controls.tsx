/** The header's account controls: Signup and Login when nobody is logged in, the account menu when someone is. */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { loadChunkWithTimeout } from '#web/lib/chunk-load.ts';
import { useSession } from '#web/lib/session.ts';
import { logOutHere } from '../api/logout.ts';
import { ACCOUNT_BUTTON_CLASS, AccountButtonFace } from './account-button.tsx';

// Only a logged-in customer sees the menu, so its code stays out of every visitor's first load. A chunk that
// fails to load shows the chunk-load error screen, which offers a reload.
const AccountMenu = lazy(() =>
  loadChunkWithTimeout(() => import('./account-menu.tsx')).then((module) => ({ default: module.AccountMenu })),
);

/** Pages a shopper should not be sent back to after logging in. */
const ACCOUNT_PAGES = [paths.login.path, paths.signup.path, paths.forgotPassword.path, paths.resetPassword.path];

const linkClass = 'min-h-11 shrink-0 px-2.5 sm:px-4';

export function AccountControls() {
  const session = useSession();
  const { pathname, search } = useLocation();
  const loginLinkRef = useRef<HTMLAnchorElement>(null);
  const focusLoginLink = useRef(false);

  // The menu that held focus is gone after logout; the Login link that replaces it takes focus instead.
  useEffect(() => {
    if (session || !focusLoginLink.current) return;
    focusLoginLink.current = false;
    loginLinkRef.current?.focus();
  }, [session]);

  if (session) {
    return (
      // The stand-in looks like the menu button, so nothing moves when the menu arrives.
      <Suspense
        fallback={
          <span className={ACCOUNT_BUTTON_CLASS}>
            <AccountButtonFace name={session.user.name} open={false} />
          </span>
        }
      >
        <AccountMenu
          name={session.user.name}
          isAdmin={session.user.role === 'admin' || session.user.role === 'staff'}
          onLogout={() => {
            focusLoginLink.current = true;
            logOutHere();
          }}
        />
      </Suspense>
    );
  }

  const onAccountPage = ACCOUNT_PAGES.some((pattern) => matchPath(pattern, pathname));
  const comeBackTo = onAccountPage ? undefined : pathname + search;
  return (
    <>
      {/* A phone's header row has no room for it: the menu offers it instead (SignupMenuItem). */}
      <Link
        to={paths.signup.getHref()}
        className={buttonStyles({ variant: 'ghost', size: 'sm', className: `${linkClass} max-sm:hidden` })}
      >
        Signup
      </Link>
      <Link
        ref={loginLinkRef}
        to={paths.login.getHref(comeBackTo)}
        className={buttonStyles({ variant: 'primary', size: 'sm', className: linkClass })}
      >
        Login
      </Link>
    </>
  );
}

/** Signup as the last entry of a phone's header menu, for a visitor (the header's row shows it from 640 px). */
export function SignupMenuItem() {
  const session = useSession();
  if (session) return null;
  return (
    <li className="sm:hidden">
      <Link
        to={paths.signup.getHref()}
        className="flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-stone-700 hover:text-roast-900"
      >
        Signup
      </Link>
    </li>
  );
}
