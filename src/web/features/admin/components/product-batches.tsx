/**
 * The batches of one product on its owner's screen (docs/api.md, Batches and recalls): a form to receive a batch of a
 * weight (usable on a phone at the door), and each batch with what remains of it, first to sell first. The server
 * checks everything; its field errors show beside the field they name.
 */
import { type FormEvent, useState } from 'react';
import type { AdminProduct } from '#shared/schemas/admin-product';
import type { Batch, ReceiveBatchBody } from '#shared/schemas/batch';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import { BATCH_SAVE_FAILED, BATCHES_LOAD_FAILED, useProductBatches, useReceiveBatch } from '../api/batches.ts';
import { formatBestBefore } from '#shared/best-before';

export function ProductBatches({ product }: { product: AdminProduct }) {
  const batches = useProductBatches(product._id);
  return (
    <section
      aria-labelledby="batches-heading"
      className="mb-8 space-y-4 rounded-lg border border-stone-300 bg-white p-4"
    >
      <h2 id="batches-heading" className="text-xl font-bold text-roast-900">
        Batches
      </h2>
      <p className="text-sm text-stone-700">
        A weight received in batches counts what its batches hold; the earliest best-before is sold first.
      </p>
      <ReceiveForm product={product} />
      <h3 className="text-lg font-semibold text-stone-900">Received</h3>
      {batches.isPending && <p role="status">Loading the batches…</p>}
      {batches.isError && <FormMessage tone="error">{BATCHES_LOAD_FAILED}</FormMessage>}
      {batches.data?.items.length === 0 && <p className="text-sm text-stone-600">No batches received yet.</p>}
      <ul role="list" className="space-y-2">
        {batches.data?.items.map((batch) => (
          <BatchRow key={batch._id} batch={batch} />
        ))}
      </ul>
    </section>
  );
}

function stateOf(batch: Batch): { text: string; className: string } {
  if (batch.recalledAt) return { text: 'Recalled', className: 'bg-red-100 text-red-900' };
  if (batch.expired) return { text: 'Past its best-before', className: 'bg-amber-100 text-amber-900' };
  if (batch.remaining === 0) return { text: 'Sold out', className: 'bg-stone-200 text-stone-800' };
  return { text: 'On sale', className: 'bg-green-100 text-green-900' };
}

function BatchRow({ batch }: { batch: Batch }) {
  const state = stateOf(batch);
  return (
    <li className="rounded-lg border border-stone-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono font-semibold break-all text-stone-900">{batch.code}</p>
        <span className={`rounded-full px-2.5 py-1 text-sm font-semibold ${state.className}`}>{state.text}</span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-stone-600">Weight</dt>
        <dd className="text-stone-900">{batch.weight}</dd>
        <dt className="text-stone-600">Best before</dt>
        <dd className="text-stone-900">{formatBestBefore(batch.bestBefore)}</dd>
        <dt className="text-stone-600">Remaining</dt>
        <dd className="font-semibold text-stone-900">
          {batch.remaining} of {batch.quantity}
        </dd>
        <dt className="text-stone-600">Withdrawn</dt>
        <dd className="text-stone-900">{batch.withdrawn}</dd>
      </dl>
    </li>
  );
}

interface Draft {
  weight: string;
  code: string;
  bestBefore: string;
  quantity: string;
}

const FIELDS = ['weight', 'code', 'bestBefore', 'quantity'];

function ReceiveForm({ product }: { product: AdminProduct }) {
  const firstWeight = product.weights[0]?.label ?? '';
  const empty: Draft = { weight: firstWeight, code: '', bestBefore: '', quantity: '' };
  const [draft, setDraft] = useState(empty);
  const [received, setReceived] = useState<string>();
  const receive = useReceiveBatch(product._id);
  const errors = new Map<string, string>();
  if (receive.error instanceof ApiRequestError) {
    for (const { field, message } of receive.error.errors) if (!errors.has(field)) errors.set(field, message);
  }
  const other = receive.isError && ![...errors.keys()].some((field) => FIELDS.includes(field));
  const set = (change: Partial<Draft>) => setDraft((now) => ({ ...now, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setReceived(undefined);
    const quantity = Number(draft.quantity.trim());
    const body: ReceiveBatchBody = {
      weight: draft.weight,
      code: draft.code,
      bestBefore: draft.bestBefore,
      // Text that is not a number goes as typed, for the server to refuse beside the field.
      quantity: (draft.quantity.trim() === '' || Number.isNaN(quantity) ? draft.quantity : quantity) as number,
    };
    receive.mutate(body, {
      onSuccess: (batch) => {
        setReceived(`Batch ${batch.code} received: ${batch.quantity} × ${batch.weight}.`);
        setDraft({ ...empty, weight: draft.weight });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="receive-heading" className="space-y-4">
      <h3 id="receive-heading" className="text-lg font-semibold text-stone-900">
        Receive a batch
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Weight" error={errors.get('weight')}>
          {(control) => (
            <select
              {...control}
              value={draft.weight}
              onChange={(event) => set({ weight: event.target.value })}
              className={`mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base ${fieldBorder(errors.get('weight'))}`}
            >
              {product.weights.map((weight) => (
                <option key={weight.label} value={weight.label}>
                  {weight.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          label="Batch code"
          hint="As printed on the bags."
          autoCapitalize="characters"
          autoComplete="off"
          value={draft.code}
          error={errors.get('code')}
          onChange={(event) => set({ code: event.target.value })}
        />
        <TextField
          label="Best before"
          type="date"
          value={draft.bestBefore}
          error={errors.get('bestBefore')}
          onChange={(event) => set({ bestBefore: event.target.value })}
        />
        <TextField
          label="Packs received"
          inputMode="numeric"
          autoComplete="off"
          value={draft.quantity}
          error={errors.get('quantity')}
          onChange={(event) => set({ quantity: event.target.value })}
        />
      </div>
      <FormMessage tone="error">
        {other ? failureMessage(receive.error, { fallback: BATCH_SAVE_FAILED }) : undefined}
      </FormMessage>
      <FormMessage tone="success">{received}</FormMessage>
      <SubmitButton busy={receive.isPending}>{receive.isPending ? 'Receiving…' : 'Receive the batch'}</SubmitButton>
    </form>
  );
}
