/**
 * The owner's delivery charges (docs/api.md, The owner's API): the standard charge, an optional free-delivery amount,
 * and zones of postcode areas or districts with a surcharge or not delivered at all. The server checks everything and
 * its field errors show beside the field they name; a save says so when it is done.
 */
import { useState, type FormEvent } from 'react';
import type { DeliverySettings } from '#shared/schemas/delivery';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import {
  DELIVERY_LOAD_FAILED,
  DELIVERY_SAVE_FAILED,
  useAdminDelivery,
  useSaveDelivery,
} from '../api/delivery-settings.ts';

interface ZoneDraft {
  key: number;
  name: string;
  postcodes: string;
  surcharge: string;
  notDelivered: boolean;
}
interface Draft {
  standard: string;
  freeOver: string;
  zones: ZoneDraft[];
}

let nextKey = 1;
const amount = (pounds: number) => pounds.toFixed(2);

function toDraft(settings: DeliverySettings): Draft {
  return {
    standard: amount(settings.standard),
    freeOver: settings.freeOver === null ? '' : amount(settings.freeOver),
    zones: settings.zones.map((zone) => ({
      key: nextKey++,
      name: zone.name,
      postcodes: zone.postcodes.join(', '),
      surcharge: zone.surcharge === null ? '' : amount(zone.surcharge),
      notDelivered: zone.surcharge === null,
    })),
  };
}

/**
 * The amount as a number; text that is not one is sent as it is, for the server to refuse beside its field (NaN
 * would travel as null, which means "none" for the free-delivery amount).
 */
function pounds(text: string): number {
  const trimmed = text.trim().replace(/^£/, '');
  const value = Number(trimmed);
  return (trimmed === '' || Number.isNaN(value) ? text : value) as number;
}

function toBody(draft: Draft): DeliverySettings {
  return {
    standard: pounds(draft.standard),
    freeOver: draft.freeOver.trim() === '' ? null : pounds(draft.freeOver),
    zones: draft.zones.map((zone) => ({
      name: zone.name,
      postcodes: zone.postcodes.split(/[\s,]+/).filter(Boolean),
      surcharge: zone.notDelivered ? null : pounds(zone.surcharge || '0'),
    })),
  };
}

export function AdminDelivery() {
  const settings = useAdminDelivery();
  if (settings.isPending) return <p role="status">Loading the delivery charges…</p>;
  if (settings.isError) return <FormMessage tone="error">{DELIVERY_LOAD_FAILED}</FormMessage>;
  return <DeliveryForm initial={settings.data} />;
}

function DeliveryForm({ initial }: { initial: DeliverySettings }) {
  const [draft, setDraft] = useState(() => toDraft(initial));
  const save = useSaveDelivery();
  const fieldErrors = new Map<string, string>();
  if (save.error instanceof ApiRequestError)
    for (const { field, message } of save.error.errors) if (!fieldErrors.has(field)) fieldErrors.set(field, message);
  /** The first error for a field or anything inside it (a zone's `postcodes.3` shows at its postcodes). */
  const errorAt = (field: string) =>
    [...fieldErrors].find(([name]) => name === field || name.startsWith(`${field}.`))?.[1];
  const shownErrors = [
    'standard',
    'freeOver',
    ...draft.zones.flatMap((_, index) => ['name', 'postcodes', 'surcharge'].map((part) => `zones.${index}.${part}`)),
  ];
  const otherError =
    save.isError &&
    ![...fieldErrors.keys()].some((field) =>
      shownErrors.some((shown) => field === shown || field.startsWith(`${shown}.`)),
    )
      ? failureMessage(save.error, { fallback: DELIVERY_SAVE_FAILED })
      : undefined;

  const setZone = (key: number, change: Partial<ZoneDraft>) =>
    setDraft((now) => ({ ...now, zones: now.zones.map((zone) => (zone.key === key ? { ...zone, ...change } : zone)) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(toBody(draft), { onSuccess: (saved) => setDraft(toDraft(saved)) });
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Standard charge (£)"
          hint="0.00 for free delivery."
          inputMode="decimal"
          value={draft.standard}
          error={errorAt('standard')}
          onChange={(event) => setDraft({ ...draft, standard: event.target.value })}
        />
        <TextField
          label="Free delivery from (£)"
          hint="Leave empty for none."
          inputMode="decimal"
          value={draft.freeOver}
          error={errorAt('freeOver')}
          onChange={(event) => setDraft({ ...draft, freeOver: event.target.value })}
        />
      </div>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-stone-900">Zones</legend>
        {draft.zones.length === 0 && (
          <p className="text-sm text-stone-600">No zones: every UK address pays the standard charge.</p>
        )}
        {draft.zones.map((zone, index) => (
          <div key={zone.key} className="space-y-3 rounded-lg border border-stone-300 bg-white p-4">
            <TextField
              label={`Zone ${index + 1} name`}
              value={zone.name}
              error={errorAt(`zones.${index}.name`)}
              onChange={(event) => setZone(zone.key, { name: event.target.value })}
            />
            <TextField
              label={`Zone ${index + 1} postcode areas and districts`}
              hint="Separated by commas or spaces, e.g. HS, ZE, IV41."
              value={zone.postcodes}
              error={errorAt(`zones.${index}.postcodes`)}
              onChange={(event) => setZone(zone.key, { postcodes: event.target.value })}
            />
            <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-stone-800">
              <input
                type="checkbox"
                className="size-5"
                checked={zone.notDelivered}
                onChange={(event) => setZone(zone.key, { notDelivered: event.target.checked })}
              />
              Not delivered
            </label>
            {!zone.notDelivered && (
              <TextField
                label={`Zone ${index + 1} surcharge (£)`}
                hint="Added to the standard charge."
                inputMode="decimal"
                value={zone.surcharge}
                error={errorAt(`zones.${index}.surcharge`)}
                onChange={(event) => setZone(zone.key, { surcharge: event.target.value })}
              />
            )}
            <Button
              variant="secondary"
              onClick={() => setDraft((now) => ({ ...now, zones: now.zones.filter(({ key }) => key !== zone.key) }))}
            >
              Remove zone {index + 1}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() =>
            setDraft((now) => ({
              ...now,
              zones: [...now.zones, { key: nextKey++, name: '', postcodes: '', surcharge: '', notDelivered: false }],
            }))
          }
        >
          Add a zone
        </Button>
      </fieldset>

      <FormMessage tone="error">{otherError}</FormMessage>
      <FormMessage tone="success">
        {save.isSuccess && !save.isPending ? 'Delivery charges saved.' : undefined}
      </FormMessage>
      <SubmitButton busy={save.isPending}>{save.isPending ? 'Saving…' : 'Save delivery charges'}</SubmitButton>
    </form>
  );
}
