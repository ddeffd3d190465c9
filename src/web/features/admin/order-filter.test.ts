import { describe, expect, it } from 'vitest';
import { ordersFilterParams, ordersQuery, pageRange, readOrdersFilter } from './order-filter.ts';

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

describe('pageRange', () => {
  it('shows which orders a page holds, with thousands separated', () => {
    expect(pageRange(0, 50, 120)).toBe('1–50 of 120');
    expect(pageRange(100, 20, 120)).toBe('101–120 of 120');
    expect(pageRange(1000, 50, 1234)).toBe('1,001–1,050 of 1,234');
    expect(pageRange(0, 1, 1)).toBe('1 of 1');
    expect(pageRange(50, 1, 51)).toBe('51 of 51');
  });

  it('says when a page past the end holds none', () => {
    expect(pageRange(200, 0, 120)).toBe('0 of 120');
  });
});
