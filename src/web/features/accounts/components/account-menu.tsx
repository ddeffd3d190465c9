/**
 * The header's menu for a logged-in customer: a button with their name opening 'My Orders', 'My Account', 'Admin'
 * (for the shop's admins only; docs/api.md, The owner's API) and 'Logout'.
 * Keyboard use follows the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open it on the first
 * item (ArrowUp on the last), arrows, Home and End move, Escape closes it back onto the button, Tab leaves it.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { ACCOUNT_BUTTON_CLASS, AccountButtonFace } from './account-button.tsx';

const itemClass =
  'flex min-h-11 w-full items-center px-4 text-left text-sm font-semibold text-stone-800 hover:bg-cream-100 focus-visible:bg-cream-100 focus-visible:outline-offset-[-3px]';

export function AccountMenu({ name, isAdmin, onLogout }: { name: string; isAdmin: boolean; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const { pathname } = useLocation();
  const itemCount = isAdmin ? 4 : 3;

  // Focus follows the active item while the menu is open, before the next key arrives (an effect could run
  // after it, sending a quick typist's keys to the button instead).
  useLayoutEffect(() => {
    if (open) menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[activeIndex]?.focus();
  }, [open, activeIndex]);

  // A click or tap anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value the effect reads
  useEffect(() => setOpen(false), [pathname]);

  const openAt = (index: number) => {
    setActiveIndex(index);
    setOpen(true);
  };

  const closeOntoButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : itemCount - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, (index: number) => number> = {
      ArrowDown: (index) => (index + 1) % itemCount,
      ArrowUp: (index) => (index - 1 + itemCount) % itemCount,
      Home: () => 0,
      End: () => itemCount - 1,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActiveIndex(move);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeOntoButton();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key === ' ') {
      // Space chooses a menu item, links included (a link alone only answers Enter).
      event.preventDefault();
      (event.target as HTMLElement).click();
    }
  };

  return (
    // A flex box that may shrink, so a long name is cut short (the button truncates) instead of pushing the header's
    // cart over the logo on a phone.
    <div ref={containerRef} className="relative flex min-w-0">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className={ACCOUNT_BUTTON_CLASS}
      >
        <AccountButtonFace name={name} open={open} />
      </button>

      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-30 mt-2 min-w-44 overflow-hidden rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200"
        >
          <Link
            role="menuitem"
            tabIndex={-1}
            to={paths.myOrders.getHref()}
            onClick={() => setOpen(false)}
            className={itemClass}
          >
            My Orders
          </Link>
          <Link
            role="menuitem"
            tabIndex={-1}
            to={paths.account.getHref()}
            onClick={() => setOpen(false)}
            className={itemClass}
          >
            My Account
          </Link>
          {isAdmin && (
            <Link
              role="menuitem"
              tabIndex={-1}
              to={paths.admin.getHref()}
              onClick={() => setOpen(false)}
              className={itemClass}
            >
              Admin
            </Link>
          )}
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
            className={itemClass}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
