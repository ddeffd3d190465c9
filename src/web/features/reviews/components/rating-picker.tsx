/**
 * The review form's 1-to-5 star picker: a group of five native radio buttons drawn as stars, labelled '1 star' to
 * '5 stars'. The browser gives it the radio group's keys: Tab reaches the chosen star (or the first), the arrow
 * keys move and choose, Space chooses. Takes react-hook-form's `register('rating')`.
 */
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { clsx } from 'clsx';
import { ratingLabel } from '#shared/ratings';
import { StarIcon } from './star-icon.tsx';
import { STAR_COUNT } from './star-rating.tsx';

export const starLabel = (stars: number): string => (stars === 1 ? '1 star' : `${stars} stars`);

/** The rating a radio value stands for, or undefined before a star is chosen. */
export function chosenRating(value: unknown): number | undefined {
  const rating = Number(value);
  return Number.isInteger(rating) && rating >= 1 && rating <= STAR_COUNT && value !== '' ? rating : undefined;
}

interface RatingPickerProps {
  field: UseFormRegisterReturn;
  /** The star chosen so far. */
  value: unknown;
  error?: string | undefined;
}

export function RatingPicker({ field, value, error }: RatingPickerProps) {
  const id = useId();
  const chosenId = `${id}-chosen`;
  const errorId = `${id}-error`;
  const rating = chosenRating(value);

  return (
    <fieldset aria-describedby={error ? `${chosenId} ${errorId}` : chosenId}>
      <legend className="text-sm font-semibold text-stone-800">Rating</legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex">
          {Array.from({ length: STAR_COUNT }, (_, index) => {
            const stars = index + 1;
            return (
              <label
                key={stars}
                className="cursor-pointer rounded-md p-1 has-focus-visible:outline-3 has-focus-visible:outline-(--focus-ring)"
              >
                <input
                  type="radio"
                  value={String(stars)}
                  className="sr-only"
                  aria-invalid={error ? true : undefined}
                  {...field}
                />
                <StarIcon
                  filled={rating !== undefined && stars <= rating}
                  className={clsx('size-9', error && rating === undefined && 'stroke-offer')}
                />
                <span className="sr-only">{starLabel(stars)}</span>
              </label>
            );
          })}
        </div>
        <p id={chosenId} className="text-sm font-semibold text-roast-800">
          {rating === undefined ? 'Choose from 1 to 5 stars' : `${starLabel(rating)}: ${ratingLabel(rating)}`}
        </p>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-offer">
          {error}
        </p>
      )}
    </fieldset>
  );
}
