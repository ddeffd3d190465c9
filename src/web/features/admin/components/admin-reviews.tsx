/**
 * The owner's Reviews screen below its heading: which reviews to list (All, Shown, Hidden; about the shop or its
 * products), then one page of them, each naming the product it is about,
 * both kept in the address (lists.ts, `reviewsList`), under the owner's review approval switch (review-approval.tsx), newest first, each with Hide or Show and Delete (asked twice).
 * Each change shows its progress on its button, then the result as a status message above the list, or the server's
 * refusal as an alert.
 */
import { useId, useRef, useState } from 'react';
import type { AdminReview } from '#shared/schemas/admin';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { useDeleteAdminReview } from '../api/delete-admin-review.ts';
import { useSetReviewHidden } from '../api/set-review-hidden.ts';
import { useAdminList } from '../hooks/use-admin-list.ts';
import { ABOUT_OPTIONS, reviewsList, SHOWN_OPTIONS } from '../lists.ts';
import { formatOrderTime } from '../order-format.ts';
import { AdminList } from './admin-list.tsx';
import { ListFilter } from './list-filter.tsx';
import { ReviewApproval } from './review-approval.tsx';
import { RowAction } from './row-action.tsx';
import { ShownBadge } from './shown-badge.tsx';

const CHANGE_FAILED = 'We could not change this review. Please try again.';

type Result = { tone: 'success' | 'error'; text: string } | null;

export function AdminReviews() {
  const reviews = useAdminList(reviewsList);
  const [result, setResult] = useState<Result>(null);
  return (
    <AdminList
      list={reviewsList}
      state={reviews}
      row={(review) => (
        <ReviewCard review={review} onResult={setResult} afterDelete={() => reviews.headingRef.current?.focus()} />
      )}
    >
      <ReviewApproval />
      <ListFilter
        label="Show"
        value={reviews.filter.shown}
        options={SHOWN_OPTIONS}
        onChange={(shown) => reviews.apply({ shown, about: reviews.filter.about })}
      />
      <ListFilter
        label="About"
        value={reviews.filter.about}
        options={ABOUT_OPTIONS}
        onChange={(about) => reviews.apply({ shown: reviews.filter.shown, about })}
      />
      <FormMessage tone={result?.tone ?? 'success'}>{result?.text}</FormMessage>
    </AdminList>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="text-amber-700">
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        {'☆'.repeat(5 - rating)}
      </span>
      <span className="sr-only">{rating} out of 5</span>
    </p>
  );
}

function ReviewCard({
  review,
  onResult,
  afterDelete,
}: {
  review: AdminReview;
  onResult: (result: Result) => void;
  afterDelete: () => void;
}) {
  const headingId = useId();
  const setHidden = useSetReviewHidden();
  const remove = useDeleteAdminReview();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  // Asked to delete, focus goes to the answer, one key away; after Cancel, back to Delete.
  const ask = (next: boolean) => {
    setConfirming(next);
    requestAnimationFrame(() => (next ? confirmRef : deleteRef).current?.focus());
  };
  const busy = setHidden.isPending || remove.isPending;
  const who = `review by ${review.name}`;
  const failed = (error: unknown) =>
    onResult({ tone: 'error', text: failureMessage(error, { fallback: CHANGE_FAILED, offline: OFFLINE_MESSAGE }) });

  // Each change clears the last result, then reports its own: done, or the server's refusal.
  const reportOn = (done: string, then?: () => void) => {
    onResult(null);
    return {
      onSuccess: () => {
        onResult({ tone: 'success', text: done });
        then?.();
      },
      onError: failed,
    };
  };

  const toggle = () => {
    const hidden = !review.hidden;
    setHidden.mutate(
      { reviewId: review._id, hidden },
      reportOn(`The review by ${review.name} is ${hidden ? 'hidden from' : 'shown in'} the shop.`),
    );
  };

  const confirmDelete = () =>
    remove.mutate(review._id, reportOn(`The review by ${review.name} is deleted.`, afterDelete));

  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold break-words text-roast-900">
            {review.name}
          </h3>
          <p className="text-sm break-words text-stone-600">
            {review.location} · <time dateTime={review.createdAt}>{formatOrderTime(review.createdAt)}</time>
            {review.verified && ' · Verified buyer'}
          </p>
          <p className="text-sm break-words text-stone-700">
            {review.productId ? (
              <>
                About{' '}
                <Link to={paths.product.getHref(review.productId)} className="font-semibold underline">
                  {review.productName ?? review.productId}
                </Link>
              </>
            ) : (
              'About the shop'
            )}
          </p>
        </div>
        <ShownBadge hidden={review.hidden} />
      </div>
      <Stars rating={review.rating} />
      <p className="mt-2 break-words whitespace-pre-line text-stone-800">{review.message}</p>
      {confirming ? (
        <div role="group" aria-label="Delete this review?" className="mt-4 flex flex-wrap items-center gap-3">
          <p className="font-semibold text-stone-900">Delete this review for good?</p>
          <RowAction
            variant="primary"
            onClick={confirmDelete}
            disabled={busy}
            pending={remove.isPending}
            pendingText="Deleting…"
            who={who}
            ref={confirmRef}
          >
            Yes, delete
          </RowAction>
          <Button variant="secondary" size="sm" onClick={() => ask(false)} disabled={busy}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <RowAction
            onClick={toggle}
            disabled={busy}
            pending={setHidden.isPending}
            pendingText={review.hidden ? 'Showing…' : 'Hiding…'}
            who={who}
          >
            {review.hidden ? 'Show' : 'Hide'}
          </RowAction>
          <RowAction onClick={() => ask(true)} disabled={busy} who={who} ref={deleteRef}>
            Delete
          </RowAction>
        </div>
      )}
    </article>
  );
}
