/** The owner's screens, one link each; the current one is marked `aria-current="page"` (NavLink) and underlined. */
import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useIsOwner } from '../role.ts';

/** `owner`: the owner's alone, not offered to staff (decision 097). */
export const ADMIN_SCREENS = [
  { to: paths.admin.getHref(), label: 'Orders', owner: false },
  { to: paths.adminPacking.getHref(), label: 'Packing', owner: false },
  { to: paths.adminProducts.getHref(), label: 'Products', owner: true },
  { to: paths.adminReports.getHref(), label: 'Reports', owner: true },
  { to: paths.adminDelivery.getHref(), label: 'Delivery', owner: true },
  { to: paths.adminPromotions.getHref(), label: 'Promotions', owner: true },
  { to: paths.adminBatches.getHref(), label: 'Batches', owner: true },
  { to: paths.adminReviews.getHref(), label: 'Reviews', owner: false },
  { to: paths.adminMessages.getHref(), label: 'Messages', owner: false },
  { to: paths.adminStaff.getHref(), label: 'Staff', owner: true },
  { to: paths.adminAudit.getHref(), label: 'Audit', owner: true },
] as const;

export function AdminNav() {
  const owner = useIsOwner();
  return (
    <nav aria-label="Admin" className="mb-4">
      <ul role="list" className="flex flex-wrap gap-2">
        {ADMIN_SCREENS.filter((screen) => owner || !screen.owner).map(({ to, label }) => (
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
