/** Whether the shop shows a thing the owner can hide (a review, a product): 'Shown' or 'Hidden', in words and colour. */
import { clsx } from 'clsx';

export function ShownBadge({ hidden }: { hidden: boolean }) {
  return (
    <span
      className={clsx(
        'inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold',
        hidden ? 'bg-stone-200 text-stone-900' : 'bg-emerald-100 text-emerald-900',
      )}
    >
      {hidden ? 'Hidden' : 'Shown'}
    </span>
  );
}
