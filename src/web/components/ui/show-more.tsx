/** Under a list the browser pages: how many of its `noun` show, and 'Show more …' while some are left. */
import { Button } from './button.tsx';

export function ShowMore({
  noun,
  shown,
  total,
  loading,
  failed,
  onMore,
}: {
  /** Plural, as the texts say it: 'products', 'reviews'. */
  noun: string;
  shown: number;
  total: number;
  loading: boolean;
  /** The last page asked for did not come. */
  failed: boolean;
  onMore: () => void;
}) {
  return (
    <div className="mt-8 flex flex-col items-center gap-3 text-center">
      <p aria-live="polite" className="text-sm text-stone-600">
        {failed ? `More ${noun} could not be loaded. Please try again.` : `Showing ${shown} of ${total} ${noun}`}
      </p>
      {/* Not disabled while loading: a disabled button would drop the keyboard's focus. */}
      <Button
        variant="secondary"
        size="lg"
        aria-disabled={loading}
        onClick={() => {
          if (!loading) onMore();
        }}
      >
        {loading ? `Loading more ${noun}…` : `Show more ${noun}`}
      </Button>
    </div>
  );
}
