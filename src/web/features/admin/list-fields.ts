/**
 * The one filter mechanism of the owner's lists: a list declares its fields (a choice among known values, or typed
 * words), and the address bar (`?field=…&page=`) is read and written from that declaration alone, so a filtered page
 * can be reloaded, shared and gone back to. Anything the address holds that is not a filter (an unknown value, page
 * 0) reads as the field's default; only what differs from the defaults is written, so a list's plain first page keeps
 * its plain address.
 */
import { readPage, writePage } from './list-page.ts';

/** One of `values`, or `fallback` when the address holds none of them (`undefined`: no filter). */
export interface ChoiceField<Value extends string, Fallback extends Value | undefined> {
  kind: 'choice';
  values: readonly Value[];
  fallback: Fallback;
}

/** Words as typed, trimmed; none is no filter. */
export interface TextField {
  kind: 'text';
}

// biome-ignore lint/suspicious/noExplicitAny: any choice field, whatever its values.
export type ListField = ChoiceField<any, any> | TextField;
export type ListFields = Record<string, ListField>;

export function choice<Value extends string>(values: readonly Value[]): ChoiceField<Value, undefined>;
export function choice<Value extends string>(values: readonly Value[], fallback: Value): ChoiceField<Value, Value>;
export function choice<Value extends string>(values: readonly Value[], fallback?: Value) {
  return { kind: 'choice', values, fallback };
}

export const text = (): TextField => ({ kind: 'text' });

type FieldValue<Field> =
  Field extends ChoiceField<infer Value, infer Fallback> ? Value | Fallback : Field extends TextField ? string : never;

/** A list's filter: a value per declared field, and the page, from 1. */
export type ListFilter<Fields extends ListFields> = { [Name in keyof Fields]: FieldValue<Fields[Name]> } & {
  page: number;
};

const defaultOf = (field: ListField): string | undefined => (field.kind === 'choice' ? field.fallback : '');

function readField(field: ListField, raw: string | null): string | undefined {
  if (field.kind === 'text') return (raw ?? '').trim();
  return field.values.find((value: string) => value === raw) ?? field.fallback;
}

export function readListFilter<Fields extends ListFields>(fields: Fields, params: URLSearchParams): ListFilter<Fields> {
  const filter: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) filter[name] = readField(field, params.get(name));
  filter.page = readPage(params);
  return filter as ListFilter<Fields>;
}

/** The address of a filter: its fields in the order declared, then the page. */
export function listFilterParams<Fields extends ListFields>(
  fields: Fields,
  filter: ListFilter<Fields>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, field] of Object.entries(fields)) {
    const value = filter[name] as string | undefined;
    const written = field.kind === 'text' ? value?.trim() : value;
    if (written && written !== defaultOf(field)) params.set(name, written);
  }
  return writePage(params, filter.page);
}

/** Whether a filter narrows its list: any field other than its default. */
export function isListFiltered<Fields extends ListFields>(fields: Fields, filter: ListFilter<Fields>): boolean {
  return Object.entries(fields).some(([name, field]) => {
    const value = filter[name] as string | undefined;
    return (field.kind === 'text' ? (value ?? '').trim() : value) !== defaultOf(field);
  });
}
