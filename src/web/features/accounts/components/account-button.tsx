/**
 * The face of the header's account menu button (the customer's name between two icons), shared by the menu and
 * by the stand-in that holds its place while the menu's own code arrives (account-controls.tsx).
 */
import { clsx } from 'clsx';
import { ChevronDown, UserRound } from '#web/components/ui/icons.tsx';

/** The menu button's text: the customer's name, or 'Account' when they have none to show. */
export function accountLabel(name: string): string {
  return name.trim() || 'Account';
}

export const ACCOUNT_BUTTON_CLASS =
  'inline-flex min-h-11 max-w-32 min-w-0 items-center gap-1 rounded-lg border border-stone-300 px-2 text-sm font-semibold text-stone-800 hover:bg-cream-100 sm:max-w-56 sm:gap-1.5 sm:px-3';

// On a phone the header's row keeps only the name, cut short if need be; the icons show from 640 px.
export function AccountButtonFace({ name, open }: { name: string; open: boolean }) {
  return (
    <>
      <UserRound aria-hidden="true" className="size-4 shrink-0 max-sm:hidden" />
      <span className="truncate">{accountLabel(name)}</span>
      <ChevronDown
        aria-hidden="true"
        className={clsx('size-4 shrink-0 transition-transform max-sm:hidden', open && 'rotate-180')}
      />
    </>
  );
}
