/**
 * The refund form's lines (order-refund-form.tsx): each of the order's lines as a group named after it, with
 * 'Refund this line' and how many of the packs it has left; a line with none left says so. Then whether those packs
 * go back in stock, which only ticked lines can.
 */
import type { Ref } from 'react';
import { formatPounds } from '#shared/money';
import type { OrderItem } from '#shared/schemas/order';
import { FormField } from '#web/components/ui/form-field.tsx';
import type { LineChoice } from './order-refund-values.ts';
import { Check, FieldError, selectStyles } from './product-form-parts.tsx';

interface RefundLinesProps {
  id: string;
  items: OrderItem[];
  /** Packs not refunded yet, by line. */
  packsLeft: number[];
  lines: LineChoice[];
  restock: boolean;
  error: string | undefined;
  /** The first line's checkbox, to focus when the lines are wrong. */
  firstRef: Ref<HTMLInputElement>;
  onLine: (index: number, change: Partial<LineChoice>) => void;
  onRestock: (restock: boolean) => void;
}

export function RefundLines({
  id,
  items,
  packsLeft,
  lines,
  restock,
  error,
  firstRef,
  onLine,
  onRestock,
}: RefundLinesProps) {
  const anyChosen = lines.some((line) => line.chosen);
  const first = packsLeft.findIndex((packs) => packs > 0);
  return (
    <fieldset aria-describedby={error ? `${id}-lines-error` : undefined} className="flex flex-col gap-3">
      <legend className="font-semibold text-stone-900">Lines (optional)</legend>
      {items.map((item, index) => {
        const left = packsLeft[index] ?? 0;
        const line = lines[index] ?? { chosen: false, qty: left };
        return (
          <fieldset
            key={`${item._id}-${item.selectedWeight}`}
            className="min-w-0 rounded-xl border border-cream-200 px-3 pb-2"
          >
            <legend className="px-1 font-semibold break-words text-stone-900">
              {item.name} {item.selectedWeight}
            </legend>
            <p className="text-sm text-stone-600">
              {item.qty} × {formatPounds(item.price)}
            </p>
            {left === 0 ? (
              <p className="py-2 text-stone-700">All its packs are refunded.</p>
            ) : (
              <div className="flex flex-wrap items-end gap-x-6 gap-y-1">
                <Check
                  ref={index === first ? firstRef : undefined}
                  label="Refund this line"
                  checked={line.chosen}
                  onChange={(event) => onLine(index, { chosen: event.target.checked })}
                />
                <FormField label="Quantity" className="w-28 pb-1">
                  {(control) => (
                    <select
                      {...control}
                      value={line.qty}
                      disabled={!line.chosen}
                      onChange={(event) => onLine(index, { qty: Number(event.target.value) })}
                      className={selectStyles(undefined)}
                    >
                      {Array.from({ length: left }, (_, at) => at + 1).map((qty) => (
                        <option key={qty} value={qty}>
                          {qty}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </div>
            )}
          </fieldset>
        );
      })}
      <FieldError id={`${id}-lines-error`} message={error} />
      <div>
        <Check
          label="Put these packs back in stock"
          checked={anyChosen && restock}
          disabled={!anyChosen}
          aria-describedby={`${id}-restock-hint`}
          onChange={(event) => onRestock(event.target.checked)}
        />
        <p id={`${id}-restock-hint`} className="text-sm text-stone-600">
          The packs of the lines ticked above.
        </p>
      </div>
    </fieldset>
  );
}
