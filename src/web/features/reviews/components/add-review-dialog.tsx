/**
 * The Add a Review dialog, a native modal <dialog> like the guest popup (decision 036): the browser moves focus in,
 * keeps it there, closes on Escape and gives focus back to the button that opened it. Name, location, a star
 * picker, the message and an optional photo, checked with the schema the server applies; a refusal shows the
 * shop's text and keeps what was typed. A lazy chunk (with zod and the form library), loaded on first use, with
 * the thank-you shown once a review is added.
 */
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, X } from 'lucide-react';
import { clsx } from 'clsx';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextArea } from '#web/components/ui/text-area.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import {
  REVIEW_SUBMIT_FAILED,
  type ReviewFormInput,
  ReviewFormSchema,
  type ReviewFormValues,
  useCreateReview,
} from '../api/create-review.ts';
import { REVIEW_PHOTO_ACCEPT } from '../review-photo.ts';
import { RatingPicker } from './rating-picker.tsx';

export const ADD_REVIEW_TITLE = 'Add a Review';

export interface AddReviewDialogProps {
  open: boolean;
  /** The product reviewed (its page's form), by id and name; none for a review of the shop. */
  product?: { id: string; name: string } | undefined;
  /** Closed without adding (Escape, Cancel, the close button): what was typed is kept for next time. */
  onClose: () => void;
  /** The review was added; the reviews on screen already show it. */
  /** Told whether the review waits for the owner's approval. */
  onAdded: (awaitingApproval: boolean) => void;
}

const FIELDS = ['name', 'location', 'rating', 'message', 'photo'] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (field: string | undefined): field is FieldName => FIELDS.includes(field as FieldName);

/** Shown, and announced, once the dialog has closed on a review that was added. */
export const REVIEW_ADDED_TEXT = 'Thank you! Your review has been added.';
/** Instead, when the owner approves each review before the shop shows it (decision 106). */
export const REVIEW_AWAITING_APPROVAL_TEXT = 'Thank you! Your review will appear once we have checked it.';

/** The thank-you to show: none, for a review shown at once, or for one waiting for the owner's approval. */
export type ReviewThanks = false | 'added' | 'awaiting-approval';

export interface AddReviewPanelProps extends AddReviewDialogProps {
  /** A new key after each review added: a fresh, empty form. */
  dialogKey: number;
  /** Which thank-you to show (until the dialog is opened again or it is dismissed). */
  thanked: ReviewThanks;
  onDismissThanks: () => void;
}

/**
 * The dialog and the thank-you beside it. The thank-you is a visible message floating at the foot of the screen, where
 * the shopper is looking once the dialog has closed, clear of the chat button's corner; its live region is on the page
 * from the dialog's first opening, so screen readers announce it when it fills.
 */
export default function AddReviewPanel({ dialogKey, thanked, onDismissThanks, ...dialog }: AddReviewPanelProps) {
  return (
    <>
      <AddReviewDialog key={dialogKey} {...dialog} />
      <div
        className={clsx(
          thanked &&
            'fixed bottom-4 left-4 right-20 z-30 flex items-start gap-2 rounded-xl border border-emerald-300 bg-emerald-50 p-3 font-semibold text-emerald-900 shadow-lg sm:right-auto sm:w-96',
        )}
      >
        {thanked && <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />}
        <p role="status" className={thanked ? 'flex-1' : 'sr-only'}>
          {thanked === 'added' ? REVIEW_ADDED_TEXT : thanked ? REVIEW_AWAITING_APPROVAL_TEXT : null}
        </p>
        {thanked && (
          <Button variant="ghost" size="sm" className="-my-1.5 min-h-9" onClick={onDismissThanks}>
            Dismiss
          </Button>
        )}
      </div>
    </>
  );
}

function AddReviewDialog({ open, product, onClose, onAdded }: AddReviewDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const photoId = useId();
  const session = useSession();
  const createReview = useCreateReview();
  const {
    register,
    handleSubmit,
    setFocus,
    trigger,
    watch,
    formState: { errors },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(ReviewFormSchema),
    // A logged-in customer's name to start with; anything may be typed instead.
    defaultValues: { name: session?.user.name ?? '', location: '', rating: '', message: '', photo: undefined },
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      setFocus('name');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, setFocus]);

  // NOTE: each way of closing tells the button at once. The browser's own close event comes a task later: Enter
  // pressed on the button before it (focus is back there already) would find the dialog still open and be lost.
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    createReview.mutate(product ? { ...values, productId: product.id } : values, {
      onSuccess: (review) => {
        // Closing first lets the browser hand focus back to the button.
        dialogRef.current?.close();
        onAdded(review.awaitingApproval);
      },
      onError: (error) => {
        // What was typed stays; the field the server names first takes focus, so it can be put right.
        const field = error instanceof ApiRequestError ? error.errors[0]?.field : undefined;
        if (isField(field)) setFocus(field);
      },
    });
  });

  const photoHintId = `${photoId}-hint`;
  const photoErrorId = `${photoId}-error`;
  const photoError = errors.photo?.message;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      // Escape (or a phone's back gesture) asks first, then the browser closes the dialog.
      onCancel={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100%-2rem))] overflow-y-auto rounded-2xl bg-white p-6 text-stone-800 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-xl font-extrabold text-roast-900">
            {ADD_REVIEW_TITLE}
          </h2>
          {product && <p className="mt-1 text-sm text-stone-600">Your review of {product.name}</p>}
        </div>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={close}>
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>

      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
          <TextField
            label="Location (optional)"
            autoComplete="address-level2"
            error={errors.location?.message}
            {...register('location')}
          />
        </div>
        <RatingPicker field={register('rating')} value={watch('rating')} error={errors.rating?.message} />
        <TextArea
          label="Message"
          hint="Up to 2,000 characters."
          rows={5}
          required
          error={errors.message?.message}
          {...register('message')}
        />

        <div>
          <label htmlFor={photoId} className="block text-sm font-semibold text-stone-800">
            Photo (optional)
          </label>
          <p id={photoHintId} className="mt-0.5 text-sm text-stone-600">
            A JPEG, PNG or WebP image, up to 5 MB.
          </p>
          <input
            id={photoId}
            type="file"
            accept={REVIEW_PHOTO_ACCEPT}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? `${photoHintId} ${photoErrorId}` : photoHintId}
            className={clsx(
              'mt-1.5 block w-full rounded-lg border bg-white p-1.5 text-sm text-stone-800 file:mr-3 file:min-h-9 file:cursor-pointer file:rounded-md file:border-0 file:bg-cream-200 file:px-3 file:font-semibold file:text-roast-900 hover:file:bg-cream-300',
              photoError ? 'border-offer' : 'border-stone-400',
            )}
            {...register('photo', { onChange: () => void trigger('photo') })}
          />
          {photoError && (
            <p id={photoErrorId} role="alert" className="mt-1.5 text-sm font-medium text-offer">
              {photoError}
            </p>
          )}
        </div>

        <FormMessage tone="error">
          {createReview.isError && failureMessage(createReview.error, { fallback: REVIEW_SUBMIT_FAILED })}
        </FormMessage>

        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <SubmitButton variant="buy" busy={createReview.isPending}>
            {createReview.isPending ? 'Sending…' : 'Submit Review'}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
