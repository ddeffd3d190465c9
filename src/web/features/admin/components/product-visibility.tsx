/**
 * Whether shoppers see a product, on its own screen, and the one button that changes it. A product the owner adds
 * starts hidden, so its form is where the owner first shows it; the result is said beside the button.
 */
import { useState } from 'react';
import type { AdminProduct } from '#shared/schemas/admin-product';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { useSetProductHidden } from '../api/set-product-hidden.ts';

export function ProductVisibility({ product }: { product: AdminProduct }) {
  const setHidden = useSetProductHidden();
  const [result, setResult] = useState<string>();

  return (
    <div className="mb-6 flex flex-col gap-3 rounded-xl bg-cream-100 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="font-semibold text-stone-900">{product.hidden ? 'Hidden from shoppers.' : 'Shown in the shop.'}</p>
      <Button
        variant="secondary"
        size="sm"
        aria-busy={setHidden.isPending || undefined}
        disabled={setHidden.isPending}
        onClick={() => {
          setResult(undefined);
          setHidden.mutate(
            { productId: product._id, hidden: !product.hidden },
            { onSuccess: (answer) => setResult(answer.hidden ? 'Hidden from shoppers.' : 'Now shown in the shop.') },
          );
        }}
      >
        {setHidden.isPending
          ? product.hidden
            ? 'Showing…'
            : 'Hiding…'
          : product.hidden
            ? 'Show in the shop'
            : 'Hide from the shop'}
      </Button>
      <div className="sm:basis-full">
        <FormMessage tone="success">{result}</FormMessage>
        <FormMessage tone="error">
          {setHidden.isError &&
            failureMessage(setHidden.error, {
              fallback: 'The product could not be changed. Please try again.',
              offline: OFFLINE_MESSAGE,
            })}
        </FormMessage>
      </div>
    </div>
  );
}
