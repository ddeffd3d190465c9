/**
 * The owner's batch lookup and recall (docs/api.md, Batches and recalls): a batch found by the code on its bags, with
 * every order and e-mail that received it and how many packs; then a recall with a message to those customers, asked
 * once more before it goes, as it cannot be undone.
 */
import { type FormEvent, useState } from 'react';
import { formatBestBefore } from '#shared/best-before';
import { type BatchLookup, RECALL_MESSAGE_MAX_LENGTH } from '#shared/schemas/batch';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextArea } from '#web/components/ui/text-area.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import { BATCH_LOOKUP_FAILED, RECALL_FAILED, useBatchLookup, useRecallBatch } from '../api/batches.ts';
import { ConfirmStep } from './confirm-step.tsx';

export function AdminBatches() {
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState<string>();
  const batch = useBatchLookup(code);

  function submit(event: FormEvent) {
    event.preventDefault();
    setCode(typed.trim());
  }

  const notFound = batch.error instanceof ApiRequestError && batch.error.status === 404;
  return (
    <div className="space-y-8">
      <form onSubmit={submit} noValidate aria-labelledby="lookup-heading" className="max-w-xl space-y-4">
        <h2 id="lookup-heading" className="text-lg font-semibold text-stone-900">
          Look up a batch
        </h2>
        <TextField
          label="Batch code"
          hint="As printed on the bags."
          autoCapitalize="characters"
          autoComplete="off"
          value={typed}
          error={notFound ? 'There is no batch with this code.' : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <FormMessage tone="error">
          {batch.isError && !notFound ? failureMessage(batch.error, { fallback: BATCH_LOOKUP_FAILED }) : undefined}
        </FormMessage>
        <SubmitButton busy={batch.isFetching}>{batch.isFetching ? 'Looking up…' : 'Look up'}</SubmitButton>
      </form>
      {batch.data && <BatchFound key={batch.data.code} batch={batch.data} />}
    </div>
  );
}

function BatchFound({ batch }: { batch: BatchLookup }) {
  // Kept here: once recalled, the batch is read again and the form gives way to its recalled state.
  const [recalled, setRecalled] = useState<string>();
  return (
    <section aria-labelledby="batch-heading" className="space-y-4 rounded-lg border border-stone-300 bg-white p-4">
      <h2 id="batch-heading" className="font-mono text-xl font-bold break-all text-roast-900">
        Batch {batch.code}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-stone-600">Product</dt>
        <dd className="text-stone-900">
          {batch.productName} ({batch.weight})
        </dd>
        <dt className="text-stone-600">Best before</dt>
        <dd className="text-stone-900">{formatBestBefore(batch.bestBefore)}</dd>
        <dt className="text-stone-600">Received</dt>
        <dd className="text-stone-900">{batch.quantity}</dd>
        <dt className="text-stone-600">Remaining</dt>
        <dd className="text-stone-900">{batch.remaining}</dd>
      </dl>
      <h3 className="text-lg font-semibold text-stone-900">
        Received by {batch.orders.length} {batch.orders.length === 1 ? 'order' : 'orders'}
      </h3>
      {batch.orders.length > 0 && (
        <ul role="list" className="divide-y divide-stone-200 text-sm">
          {batch.orders.map((order) => (
            <li key={order._id} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span className="font-semibold text-stone-900">{order.orderNumber}</span>
              <span className="break-all text-stone-800">{order.email ?? 'Account deleted'}</span>
              <span className="text-stone-800">
                {order.qty} {order.qty === 1 ? 'pack' : 'packs'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <FormMessage tone="success">{recalled}</FormMessage>
      {batch.recalledAt ? (
        <div className="space-y-2">
          <FormMessage tone="error">
            {`Recalled on ${new Date(batch.recalledAt).toLocaleDateString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long' })}: no longer sold.`}
          </FormMessage>
          {batch.recallMessage && <p className="text-sm whitespace-pre-line text-stone-700">{batch.recallMessage}</p>}
        </div>
      ) : (
        <RecallForm batch={batch} onRecalled={setRecalled} />
      )}
    </section>
  );
}

function RecallForm({ batch, onRecalled }: { batch: BatchLookup; onRecalled: (done: string) => void }) {
  const [message, setMessage] = useState('');
  const [asking, setAsking] = useState(false);
  const recall = useRecallBatch(batch.code);
  const fieldError =
    recall.error instanceof ApiRequestError
      ? recall.error.errors.find((error) => error.field === 'message')?.message
      : undefined;
  const recipients = new Set(batch.orders.flatMap((order) => (order.email ? [order.email.toLowerCase()] : []))).size;

  if (asking)
    return (
      <ConfirmStep
        question={`Recall batch ${batch.code}? Its sale stops now and ${recipients} ${recipients === 1 ? 'customer is' : 'customers are'} mailed.`}
        confirmText="Yes, recall the batch"
        busyText="Recalling…"
        busy={recall.isPending}
        error={recall.isError ? failureMessage(recall.error, { fallback: RECALL_FAILED }) : undefined}
        onConfirm={() =>
          recall.mutate(message, {
            onSuccess: ({ mailed }) =>
              onRecalled(
                `Batch ${batch.code} is recalled. ${mailed} ${mailed === 1 ? 'customer' : 'customers'} mailed.`,
              ),
            // A refused message is shown beside its field, on the form.
            onError: (error) =>
              setAsking(!(error instanceof ApiRequestError && error.errors.some((each) => each.field === 'message'))),
          })
        }
        onBack={() => setAsking(false)}
      >
        <p className="text-sm whitespace-pre-line text-stone-700">{message}</p>
      </ConfirmStep>
    );
  return (
    <form
      noValidate
      aria-labelledby="recall-heading"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(true);
      }}
    >
      <h3 id="recall-heading" className="text-lg font-semibold text-stone-900">
        Recall this batch
      </h3>
      <TextArea
        label="Message to customers"
        hint="Why, and what to do with the packs. Everyone who received the batch is mailed once."
        maxLength={RECALL_MESSAGE_MAX_LENGTH}
        rows={4}
        value={message}
        error={fieldError}
        onChange={(event) => setMessage(event.target.value)}
      />
      <SubmitButton busy={false}>Recall the batch</SubmitButton>
    </form>
  );
}
