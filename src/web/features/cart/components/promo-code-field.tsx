/**
 * The cart's promotion code: a labelled field and 'Apply', which asks the server for a quote with the code; a code it
 * accepts is kept for /shipping and the payment (promo-code.ts) and shown with 'Remove', one it refuses gets the
 * server's reason under the field ('This code is not valid.', 'This code needs a spend of £30.00.').
 */
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartLine } from '#shared/schemas/cart';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { failureMessage } from '#web/lib/api-client.ts';
import { clsx } from 'clsx';
import { getQuote, quoteItems, quoteQueryOptions, quoteRefusal } from '../api/get-quote.ts';
import { promoCodeStore } from '../promo-code.ts';

export const ENTER_A_CODE = 'Please enter a promotion code.';
export const CODE_CHECK_FAILED = 'We could not check this code. Please try again.';

interface PromoCodeFieldProps {
  lines: readonly CartLine[];
  /** The code applied, if any. */
  applied: string | null;
  /** What the promotion is, once the quote says. */
  description?: string | undefined;
  /** Why the applied code no longer applies (the cart changed), from the cart's quote. */
  refusal?: string | undefined;
}

export function PromoCodeField({ lines, applied, description, refusal }: PromoCodeFieldProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [missing, setMissing] = useState(false);
  // The control that replaces the one pressed takes the focus, so a keyboard user keeps their place.
  const moveFocus = useRef(false);
  const focusIfMoved = (element: HTMLElement | null) => {
    if (element && moveFocus.current) {
      element.focus();
      moveFocus.current = false;
    }
  };

  const apply = useMutation({
    mutationFn: (code: string) => getQuote({ orderItems: quoteItems(lines), promoCode: code }),
    onSuccess: (quote, typed) => {
      const code = quote.promo?.code ?? typed.toUpperCase();
      queryClient.setQueryData(quoteQueryOptions({ orderItems: quoteItems(lines), promoCode: code }).queryKey, quote);
      moveFocus.current = true;
      promoCodeStore.set(code);
      setDraft('');
    },
  });

  if (applied) {
    return (
      <div className="flex flex-col gap-1.5 border-t border-cream-200 pt-3">
        <p className="text-sm font-semibold text-stone-800">Promotion code</p>
        <div className="flex items-center justify-between gap-3">
          <p className="min-w-0 break-words text-stone-800">
            <strong className="font-bold">{applied}</strong> applied{description ? `: ${description}` : ''}
          </p>
          <Button
            ref={focusIfMoved}
            variant="secondary"
            size="sm"
            aria-label={`Remove promotion code ${applied}`}
            onClick={() => {
              moveFocus.current = true;
              apply.reset();
              promoCodeStore.clear();
            }}
          >
            Remove
          </Button>
        </div>
        {refusal && (
          <p role="alert" className="text-sm font-medium text-offer">
            {refusal}
          </p>
        )}
      </div>
    );
  }

  const error = missing
    ? ENTER_A_CODE
    : apply.isError
      ? (quoteRefusal(apply.error)?.message ?? failureMessage(apply.error, { fallback: CODE_CHECK_FAILED }))
      : undefined;

  return (
    <form
      noValidate
      className="border-t border-cream-200 pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        const code = draft.trim();
        setMissing(code === '');
        if (code === '') return;
        apply.mutate(code);
      }}
    >
      <FormField label="Promotion code" error={error}>
        {(control) => (
          <div className="mt-1.5 flex gap-2">
            <input
              ref={focusIfMoved}
              {...control}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={clsx(
                'block min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 text-base text-stone-900 uppercase shadow-sm placeholder:normal-case focus-visible:outline-offset-0',
                fieldBorder(error),
              )}
            />
            <Button type="submit" variant="secondary" className="shrink-0" disabled={apply.isPending}>
              {apply.isPending ? 'Applying…' : 'Apply'}
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
