/**
 * The owner's promotion codes (docs/api.md, The owner's API): each with what it gives in words, its limits and its
 * uses, switched off or on per row; and a form to make one with every field. The server checks everything; its field
 * errors show beside the field they name.
 */
import { useState, type FormEvent } from 'react';
import { formatPounds } from '#shared/money';
import type { CreatePromotionInput, Promotion, PromotionType } from '#shared/schemas/promotion';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import {
  PROMOTION_SAVE_FAILED,
  PROMOTIONS_LOAD_FAILED,
  useAdminPromotions,
  useCreatePromotion,
  useSetPromotionActive,
} from '../api/promotions.ts';

/** What a code gives, as the owner would say it. */
export function promotionGives(promotion: Pick<Promotion, 'type' | 'value'>): string {
  if (promotion.type === 'percent') return `${promotion.value}% off`;
  if (promotion.type === 'fixed') return `${formatPounds(promotion.value)} off`;
  return 'Free delivery';
}

const day = (iso: string | null) =>
  iso === null
    ? undefined
    : new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium' });

function dates(promotion: Promotion): string {
  const from = day(promotion.startsAt);
  const to = day(promotion.endsAt);
  if (from && to) return `${from} to ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return 'Any time';
}

export function AdminPromotions() {
  const promotions = useAdminPromotions();
  return (
    <div className="space-y-8">
      <NewPromotionForm />
      <section aria-labelledby="promotion-list-heading" className="space-y-3">
        <h2 id="promotion-list-heading" className="text-lg font-semibold text-stone-900">
          Codes
        </h2>
        {promotions.isPending && <p role="status">Loading the promotions…</p>}
        {promotions.isError && <FormMessage tone="error">{PROMOTIONS_LOAD_FAILED}</FormMessage>}
        {promotions.data?.length === 0 && <p className="text-sm text-stone-600">No promotion codes yet.</p>}
        <ul role="list" className="space-y-3">
          {promotions.data?.map((promotion) => (
            <PromotionRow key={promotion._id} promotion={promotion} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function PromotionRow({ promotion }: { promotion: Promotion }) {
  const switchIt = useSetPromotionActive();
  const words = promotion.active ? 'Switch off' : 'Switch on';
  return (
    <li className="rounded-lg border border-stone-300 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-lg font-semibold text-stone-900">{promotion.code}</p>
          <p className="text-sm text-stone-700">{promotion.description}</p>
        </div>
        <span
          className={
            promotion.active
              ? 'rounded-full bg-green-100 px-2.5 py-1 text-sm font-semibold text-green-900'
              : 'rounded-full bg-stone-200 px-2.5 py-1 text-sm font-semibold text-stone-800'
          }
        >
          {promotion.active ? 'Active' : 'Switched off'}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-stone-600">Gives</dt>
        <dd className="font-semibold text-stone-900">{promotionGives(promotion)}</dd>
        <dt className="text-stone-600">Minimum spend</dt>
        <dd className="text-stone-900">{promotion.minSpend === null ? 'None' : formatPounds(promotion.minSpend)}</dd>
        <dt className="text-stone-600">Dates</dt>
        <dd className="text-stone-900">{dates(promotion)}</dd>
        <dt className="text-stone-600">Uses</dt>
        <dd className="text-stone-900">
          {promotion.uses} / {promotion.maxUses ?? 'no limit'}
        </dd>
        <dt className="text-stone-600">Once per customer</dt>
        <dd className="text-stone-900">{promotion.oncePerCustomer ? 'Yes' : 'No'}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={switchIt.isPending}
          aria-busy={switchIt.isPending || undefined}
          onClick={() => switchIt.mutate({ id: promotion._id, active: !promotion.active })}
          aria-label={`${words} ${promotion.code}`}
        >
          {words}
        </Button>
        {switchIt.isError && (
          <FormMessage tone="error">{failureMessage(switchIt.error, { fallback: PROMOTION_SAVE_FAILED })}</FormMessage>
        )}
      </div>
    </li>
  );
}

interface Draft {
  code: string;
  description: string;
  type: PromotionType;
  value: string;
  minSpend: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  oncePerCustomer: boolean;
}
const EMPTY: Draft = {
  code: '',
  description: '',
  type: 'percent',
  value: '',
  minSpend: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  oncePerCustomer: false,
};

/** A number, or the text as typed for the server to refuse beside its field. */
function numberOf(text: string): number {
  const trimmed = text.trim().replace(/^£|%$/g, '');
  const value = Number(trimmed);
  return (Number.isNaN(value) ? text : value) as number;
}
/** A date field's day as the start of that day in UTC, which the server takes as ISO 8601. */
const isoDay = (value: string) => (value === '' ? undefined : `${value}T00:00:00Z`);

function toBody(draft: Draft): CreatePromotionInput {
  const optional = (text: string) => (text.trim() === '' ? undefined : numberOf(text));
  const body: CreatePromotionInput = {
    code: draft.code,
    description: draft.description,
    type: draft.type,
    oncePerCustomer: draft.oncePerCustomer,
  };
  if (draft.type !== 'free-delivery') body.value = optional(draft.value);
  const minSpend = optional(draft.minSpend);
  if (minSpend !== undefined) body.minSpend = minSpend;
  const maxUses = optional(draft.maxUses);
  if (maxUses !== undefined) body.maxUses = maxUses;
  const startsAt = isoDay(draft.startsAt);
  if (startsAt) body.startsAt = startsAt;
  const endsAt = isoDay(draft.endsAt);
  if (endsAt) body.endsAt = endsAt;
  return body;
}

const FIELDS = ['code', 'description', 'type', 'value', 'minSpend', 'startsAt', 'endsAt', 'maxUses', 'oncePerCustomer'];

function NewPromotionForm() {
  const [draft, setDraft] = useState(EMPTY);
  const [made, setMade] = useState<string>();
  const create = useCreatePromotion();
  const errors = new Map<string, string>();
  if (create.error instanceof ApiRequestError) {
    for (const { field, message } of create.error.errors) if (!errors.has(field)) errors.set(field, message);
    // A code taken answers 409 with the message alone: it is about the code.
    if (create.error.status === 409 && create.error.serverMessage) errors.set('code', create.error.serverMessage);
  }
  const other = create.isError && ![...errors.keys()].some((field) => FIELDS.includes(field));
  const set = (change: Partial<Draft>) => setDraft((now) => ({ ...now, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setMade(undefined);
    create.mutate(toBody(draft), {
      onSuccess: (promotion) => {
        setMade(`${promotion.code} made.`);
        setDraft(EMPTY);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-promotion-heading" className="max-w-2xl space-y-4">
      <h2 id="new-promotion-heading" className="text-lg font-semibold text-stone-900">
        New promotion code
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Code"
          hint="3 to 30 letters, digits or dashes."
          autoCapitalize="characters"
          value={draft.code}
          error={errors.get('code')}
          onChange={(event) => set({ code: event.target.value })}
        />
        <TextField
          label="Description"
          value={draft.description}
          error={errors.get('description')}
          onChange={(event) => set({ description: event.target.value })}
        />
        <FormField label="What it gives" error={errors.get('type')}>
          {(control) => (
            <select
              {...control}
              value={draft.type}
              onChange={(event) => set({ type: event.target.value as PromotionType })}
              className={`mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base ${fieldBorder(errors.get('type'))}`}
            >
              <option value="percent">A percentage off</option>
              <option value="fixed">An amount off (£)</option>
              <option value="free-delivery">Free delivery</option>
            </select>
          )}
        </FormField>
        {draft.type !== 'free-delivery' && (
          <TextField
            label={draft.type === 'percent' ? 'Percentage off' : 'Amount off (£)'}
            inputMode="decimal"
            value={draft.value}
            error={errors.get('value')}
            onChange={(event) => set({ value: event.target.value })}
          />
        )}
        <TextField
          label="Minimum spend (£)"
          hint="Optional; the goods before the discount."
          inputMode="decimal"
          value={draft.minSpend}
          error={errors.get('minSpend')}
          onChange={(event) => set({ minSpend: event.target.value })}
        />
        <TextField
          label="Maximum uses"
          hint="Optional."
          inputMode="numeric"
          value={draft.maxUses}
          error={errors.get('maxUses')}
          onChange={(event) => set({ maxUses: event.target.value })}
        />
        <TextField
          label="Starts on"
          hint="Optional."
          type="date"
          value={draft.startsAt}
          error={errors.get('startsAt')}
          onChange={(event) => set({ startsAt: event.target.value })}
        />
        <TextField
          label="Ends on"
          hint="Optional."
          type="date"
          value={draft.endsAt}
          error={errors.get('endsAt')}
          onChange={(event) => set({ endsAt: event.target.value })}
        />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-stone-800">
        <input
          type="checkbox"
          className="size-5"
          checked={draft.oncePerCustomer}
          onChange={(event) => set({ oncePerCustomer: event.target.checked })}
        />
        Once per customer
      </label>
      <FormMessage tone="error">
        {other ? failureMessage(create.error, { fallback: PROMOTION_SAVE_FAILED }) : undefined}
      </FormMessage>
      <FormMessage tone="success">{made}</FormMessage>
      <SubmitButton busy={create.isPending}>{create.isPending ? 'Making…' : 'Make the code'}</SubmitButton>
    </form>
  );
}
