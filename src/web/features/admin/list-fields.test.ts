import { describe, expect, it } from 'vitest';
import { choice, isListFiltered, listFilterParams, readListFilter, text } from './list-fields.ts';

const fields = { kind: choice(['nuts', 'seeds'] as const), sort: choice(['new', 'old'] as const, 'new'), q: text() };
const read = (search: string) => readListFilter(fields, new URLSearchParams(search));

describe("a list's filter in the address bar", () => {
  it('reads each declared field, trimmed words and a page', () => {
    expect(read('kind=seeds&sort=old&q=%20cashew%20&page=3')).toEqual({
      kind: 'seeds',
      sort: 'old',
      q: 'cashew',
      page: 3,
    });
  });

  it('reads what is not a filter as the field’s default: an unknown value, a value in other letters, page 0', () => {
    for (const search of ['', 'kind=fruit', 'kind=Nuts', 'sort=OLD', 'sort=', 'q=%20%20', 'page=0', 'page=1.5']) {
      expect(read(search), search).toEqual({ kind: undefined, sort: 'new', q: '', page: 1 });
    }
  });

  it('writes only what differs from the defaults, in the order declared, the page last', () => {
    expect(listFilterParams(fields, { kind: undefined, sort: 'new', q: '  ', page: 1 }).toString()).toBe('');
    expect(listFilterParams(fields, { kind: 'nuts', sort: 'old', q: ' ada ', page: 2 }).toString()).toBe(
      'kind=nuts&sort=old&q=ada&page=2',
    );
  });

  it('reads back what it writes', () => {
    for (const filter of [
      { kind: undefined, sort: 'new', q: '', page: 1 },
      { kind: 'seeds', sort: 'new', q: 'RC-1', page: 4 },
      { kind: undefined, sort: 'old', q: '', page: 1 },
    ] as const) {
      expect(readListFilter(fields, listFilterParams(fields, filter))).toEqual(filter);
    }
  });

  it('is narrowed by any field other than its default, not by the page', () => {
    expect(isListFiltered(fields, { kind: undefined, sort: 'new', q: ' ', page: 5 })).toBe(false);
    expect(isListFiltered(fields, { kind: 'nuts', sort: 'new', q: '', page: 1 })).toBe(true);
    expect(isListFiltered(fields, { kind: undefined, sort: 'old', q: '', page: 1 })).toBe(true);
    expect(isListFiltered(fields, { kind: undefined, sort: 'new', q: 'ada', page: 1 })).toBe(true);
  });
});
