/** A quantity picker with − and + buttons, kept within the shop's per-line limits. */
import { useId } from 'react';
import { Minus, Plus } from 'lucide-react';
import { clsx } from 'clsx';
import { QUANTITY_MAX, QUANTITY_MIN } from '#shared/constants';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  label?: string;
  className?: string;
}

export function QuantityStepper({
  value,
  onChange,
  min = QUANTITY_MIN,
  max = QUANTITY_MAX,
  label = 'Quantity',
  className,
}: QuantityStepperProps) {
  const labelId = useId();
  const step = (delta: number) => onChange(Math.min(max, Math.max(min, value + delta)));
  const atMin = value <= min;
  const atMax = value >= max;
  // NOTE: aria-disabled rather than disabled, so a keyboard user who steps down to 1 keeps focus on the button.
  const buttonClass =
    'inline-flex size-11 items-center justify-center text-stone-700 hover:bg-cream-200 aria-disabled:cursor-not-allowed aria-disabled:text-stone-400 aria-disabled:hover:bg-transparent';

  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      <span id={labelId} className="text-sm font-semibold text-stone-800">
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        className="inline-flex w-fit items-center overflow-hidden rounded-lg border border-stone-300 bg-white"
      >
        <button
          type="button"
          className={buttonClass}
          onClick={() => !atMin && step(-1)}
          aria-disabled={atMin}
          aria-label="Decrease quantity"
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        {/* <output> is a polite live region, so the new amount is read out after each press. */}
        <output
          aria-live="polite"
          aria-atomic="true"
          className="min-w-12 text-center text-base font-semibold tabular-nums"
        >
          <span className="sr-only">{label}: </span>
          {value}
        </output>
        <button
          type="button"
          className={buttonClass}
          onClick={() => !atMax && step(1)}
          aria-disabled={atMax}
          aria-label="Increase quantity"
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
