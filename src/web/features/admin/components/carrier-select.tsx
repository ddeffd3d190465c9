/**
 * The carrier a parcel leaves with, chosen at dispatch (decision 113): with one, the buyer's tracking number links to
 * that carrier's own tracking page in the dispatch mail and on their order's page. 'Not given' leaves it plain text.
 */
import { CARRIER_NAMES, CARRIERS, type Carrier, isCarrier } from '#shared/carriers';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';

export function CarrierSelect({
  label = 'Carrier (optional)',
  value,
  onChange,
  className,
}: {
  label?: string;
  value: Carrier | undefined;
  onChange: (carrier: Carrier | undefined) => void;
  className?: string;
}) {
  return (
    <FormField label={label} className={className}>
      {(control) => (
        <select
          {...control}
          value={value ?? ''}
          onChange={(event) => onChange(isCarrier(event.target.value) ? event.target.value : undefined)}
          className={`mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm ${fieldBorder(undefined)}`}
        >
          <option value="">Not given</option>
          {CARRIERS.map((carrier) => (
            <option key={carrier} value={carrier}>
              {CARRIER_NAMES[carrier]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
