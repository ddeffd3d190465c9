/**
 * '+ Add a Review' and the dialog it opens. The dialog is its own chunk (zod and the form library come with it),
 * fetched when the button is pointed at or focused, so it is usually there by the time it is pressed. Once
 * opened it stays on the page, closed, so a draft closed with Escape is still there when it is opened again; the
 * thank-you after a review is added comes with the dialog's chunk.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { loadChunkWithTimeout } from '#web/lib/chunk-load.ts';
import { ADD_REVIEW_TEXT } from './review-texts.ts';
import type { ReviewThanks } from './add-review-dialog.tsx';

const loadDialog = () => import('./add-review-dialog.tsx');
const AddReviewPanel = lazy(() => loadChunkWithTimeout(loadDialog));

export function AddReviewButton({
  className,
  product,
}: {
  className?: string;
  /** On a product's page: the product the review is of. */
  product?: { id: string; name: string };
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // A new dialog, with an empty form, after each review added.
  const [dialogKey, setDialogKey] = useState(0);
  const [thanked, setThanked] = useState<ReviewThanks>(false);

  const preload = () => {
    loadDialog().catch(() => undefined);
  };

  return (
    <>
      <Button
        variant="buy"
        aria-haspopup="dialog"
        className={className}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setThanked(false);
          setOpened(true);
          setOpen(true);
        }}
      >
        {ADD_REVIEW_TEXT}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <AddReviewPanel
            dialogKey={dialogKey}
            open={open}
            product={product}
            thanked={thanked}
            onDismissThanks={() => setThanked(false)}
            onClose={() => setOpen(false)}
            onAdded={(awaitingApproval) => {
              setOpen(false);
              setDialogKey((key) => key + 1);
              setThanked(awaitingApproval ? 'awaiting-approval' : 'added');
            }}
          />
        </Suspense>
      )}
    </>
  );
}
