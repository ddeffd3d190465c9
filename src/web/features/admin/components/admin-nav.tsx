/** The owner's screens, one link each; the current one is marked `aria-current="page"` (NavLink) and underlined. */
import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import { paths } from '#web/config/paths.ts';

export const ADMIN_SCREENS = [
  { to: paths.admin.getHref(), label: 'Orders' },
  { to: paths.adminProducts.getHref(), label: 'Products' },
  { to: paths.adminReviews.getHref(), label: 'Reviews' },
  { to: paths.adminMessages.getHref(), label: 'Messages' },
  { to: paths.adminDelivery.getHref(), label: 'Delivery' },
  { to: paths.adminPromotions.getHref(), label: 'Promotions' },
  { to: paths.adminAudit.getHref(), label: 'Audit' },
] as const;

export function AdminNav() {
  return (
    <nav aria-label="Admin" className="mb-4">
      <ul role="list" className="flex flex-wrap gap-2">
        {ADMIN_SCREENS.map(({ to, label }) => (
          <li key={to}>
            <NavLink
              to={to}
              // Orders (/admin) only at its own address; Products stays current on a product's form below it.
              end={to === paths.admin.getHref()}
              className={({ isActive }) =>
                clsx(
                  'inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold',
                  isActive
                    ? 'bg-roast-800 text-white underline underline-offset-4'
                    : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-cream-100',
                )
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
