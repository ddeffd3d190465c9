/** What a logged-in shopper sees at a screen that is not theirs (the owner's): no data asked for, a way back. */
import { Link } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';

export function NotAllowed() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta
        title={`Not allowed | ${SHOP_NAME}`}
        description="This part of Roast & Co. is for the shop's staff only."
      />
      <h1 className="text-3xl font-extrabold text-roast-900">Not allowed</h1>
      <p className="mt-4 text-stone-600">This part of the shop is for our staff only.</p>
      <Link to={paths.home.getHref()} className={buttonStyles({ variant: 'primary', className: 'mt-8' })}>
        Back to the home page
      </Link>
    </div>
  );
}
