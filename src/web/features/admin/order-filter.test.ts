import { describe, expect, it } from 'vitest';
import { isFiltered, ordersFilterParams, ordersQuery, readOrdersFilter } from './order-filter.ts';

const read = (search: string) => readOrdersFilter(new URLSearchParams(search));

describe('the order list in the address bar', () => {
  it('reads a status, trimmed search words and a page', () => {
    expect(read('status=dispatched&q=%20RC-1042%20&page=3')).toEqual({ status: 'dispatched', q: 'RC-1042', page: 3 });
  });

  it('reads what is not a filter as none: an unknown status, a page that is not a whole number from 1', () => {
    for (const search of ['', 'status=lost', 'status=Processing', 'page=0', 'page=-2', 'page=1.5', 'page=two']) {
      expect(read(search), search).toEqual({ status: undefined, q: '', page: 1 });
    }
  });

  it('never asks for an offset the API refuses', () => {
    expect(ordersQuery(read('page=99999999999')).offset).toBeLessThanOrEqual(1_000_000_000);
  });

  it('writes only what differs from the first page of every order', () => {
    expect(ordersFilterParams({ status: undefined, q: '  ', page: 1 }).toString()).toBe('');
    expect(ordersFilterParams({ status: 'delivered', q: ' ada ', page: 2 }).toString()).toBe(
      'status=delivered&q=ada&page=2',
    );
  });

  it('asks the API for 50 orders a page, with the filters given', () => {
    expect(ordersQuery({ status: undefined, q: '', page: 1 })).toEqual({ limit: 50, offset: 0 });
    expect(ordersQuery({ status: 'processing', q: 'ada', page: 3 })).toEqual({
      limit: 50,
      offset: 100,
      status: 'processing',
      q: 'ada',
    });
  });
});

describe('isFiltered', () => {
  it('reads the filter in the address and the query an answer was asked with alike', () => {
    expect(isFiltered({ status: undefined, q: '' })).toBe(false);
    expect(isFiltered(ordersQuery({ status: undefined, q: '', page: 2 }))).toBe(false);
    expect(isFiltered(ordersQuery({ status: 'delivered', q: '', page: 1 }))).toBe(true);
    expect(isFiltered(ordersQuery({ status: undefined, q: 'ada', page: 1 }))).toBe(true);
  });
});
