import { describe, expect, it } from 'vitest';
import { readListFilter, listFilterParams } from './list-fields.ts';
import { auditList, filterProducts, messagesList, ordersList, productsList, reviewsList } from './lists.ts';

const params = (search: string) => new URLSearchParams(search);

describe('the orders list', () => {
  const read = (search: string) => readListFilter(ordersList.fields, params(search));

  it('reads a status and search words, and anything else as every order', () => {
    expect(read('status=dispatched&q=%20RC-1042%20&page=3')).toEqual({ status: 'dispatched', q: 'RC-1042', page: 3 });
    for (const search of ['', 'status=lost', 'status=Processing', 'page=-2']) {
      expect(read(search), search).toEqual({ status: undefined, q: '', page: 1 });
    }
  });

  it('asks the API for 50 orders a page, with the filters given, never an offset it refuses', () => {
    expect(ordersList.params(read(''))).toEqual({ limit: 50, offset: 0, status: undefined, q: undefined });
    expect(ordersList.params(read('status=processing&q=ada&page=3'))).toEqual({
      limit: 50,
      offset: 100,
      status: 'processing',
      q: 'ada',
    });
    expect(ordersList.params(read('page=99999999999')).offset).toBeLessThanOrEqual(1_000_000_000);
  });

  it('says whether no order matches or there are none yet, from the filter answered', () => {
    expect(ordersList.texts.empty?.(read(''))).toBe('No orders yet.');
    expect(ordersList.texts.empty?.(read('page=2'))).toBe('No orders yet.');
    expect(ordersList.texts.empty?.(read('status=delivered'))).toBe('No orders match.');
    expect(ordersList.texts.empty?.(read('q=ada'))).toBe('No orders match.');
  });

  it('heads a page with the rows it holds', () => {
    const filter = read('page=2');
    expect(ordersList.texts.heading({ items: Array(50).fill({}), total: 120, filter })).toBe('Orders 51–100 of 120');
    expect(ordersList.texts.heading({ items: [{}], total: 1, filter: read('') } as never)).toBe('1 order');
  });
});

describe('the audit', () => {
  const read = (search: string) => readListFilter(auditList.fields, params(search));

  it('reads an action and a target, and anything else as every change', () => {
    expect(read('action=review.hidden&target=%20RC-1042%20&page=3')).toEqual({
      action: 'review.hidden',
      target: 'RC-1042',
      page: 3,
    });
    for (const search of ['', 'action=order.lost', 'action=Review.hidden', 'page=x']) {
      expect(read(search), search).toEqual({ action: undefined, target: '', page: 1 });
    }
  });

  it('asks the API for a target by the audit’s name for it', () => {
    expect(auditList.params(read(''))).toEqual({ limit: 50, offset: 0, action: undefined, target: undefined });
    expect(auditList.params(read('action=review.shown&target=RC-7&page=3'))).toEqual({
      limit: 50,
      offset: 100,
      action: 'review.shown',
      target: 'order:RC-7',
    });
  });

  it('writes what differs from every change', () => {
    expect(
      listFilterParams(auditList.fields, { action: 'order.dispatched', target: ' RC-1042 ', page: 2 }).toString(),
    ).toBe('action=order.dispatched&target=RC-1042&page=2');
    expect(auditList.texts.empty?.(read('target=RC-1'))).toBe('No changes match these filters.');
    expect(auditList.texts.empty?.(read(''))).toBe('No changes recorded yet.');
  });
});

describe('the reviews', () => {
  const read = (search: string) => readListFilter(reviewsList.fields, params(search));

  it('reads which reviews, all of them unless told', () => {
    expect(read('shown=hidden&page=2')).toEqual({ shown: 'hidden', about: 'all', page: 2 });
    for (const search of ['', 'shown=all', 'shown=Hidden', 'shown=yes'])
      expect(read(search), search).toEqual({ shown: 'all', about: 'all', page: 1 });
    expect(read('about=products')).toEqual({ shown: 'all', about: 'products', page: 1 });
    expect(listFilterParams(reviewsList.fields, { shown: 'all', about: 'all', page: 3 }).toString()).toBe('page=3');
  });

  it('asks the API for hidden or shown ones only when told', () => {
    expect(reviewsList.params(read(''))).toEqual({ hidden: undefined, about: undefined, limit: 50, offset: 0 });
    expect(reviewsList.params(read('shown=hidden&page=2'))).toEqual({
      hidden: true,
      about: undefined,
      limit: 50,
      offset: 50,
    });
    expect(reviewsList.params(read('shown=shown&about=shop'))).toEqual({
      hidden: false,
      about: 'shop',
      limit: 50,
      offset: 0,
    });
  });

  it('says which reviews there are none of', () => {
    expect(['all', 'hidden', 'shown'].map((shown) => reviewsList.texts.empty?.(read(`shown=${shown}`)))).toEqual([
      'No reviews yet.',
      'No hidden reviews.',
      'No shown reviews.',
    ]);
  });
});

describe('the messages', () => {
  const read = (search: string) => readListFilter(messagesList.fields, params(search));

  it('opens on the new ones, and reads a status or all of them', () => {
    for (const search of ['', 'status=new', 'status=New', 'status=lost'])
      expect(read(search), search).toEqual({ status: 'new', page: 1 });
    expect(read('status=all&page=3')).toEqual({ status: 'all', page: 3 });
    expect(listFilterParams(messagesList.fields, { status: 'new', page: 2 }).toString()).toBe('page=2');
    expect(listFilterParams(messagesList.fields, { status: 'answered', page: 1 }).toString()).toBe('status=answered');
  });

  it('asks the API for one status, or all without one', () => {
    expect(messagesList.params(read(''))).toEqual({ status: 'new', limit: 50, offset: 0 });
    expect(messagesList.params(read('status=all&page=3'))).toEqual({ status: undefined, limit: 50, offset: 100 });
  });

  it('heads an empty list with its own words', () => {
    expect(messagesList.texts.empty).toBeUndefined();
    expect(messagesList.texts.heading({ items: [], total: 0, filter: read('') })).toBe('No messages');
    expect(messagesList.texts.heading({ items: [], total: 1234, filter: read('') })).toBe('1,234 messages');
  });
});

describe('the products', () => {
  const products = [
    { name: 'A', hidden: false },
    { name: 'B', hidden: true },
    { name: 'C', hidden: false },
  ];

  it('keeps the shop order, and lists the shown, the hidden or all', () => {
    expect(filterProducts(products, 'all').map(({ name }) => name)).toEqual(['A', 'B', 'C']);
    expect(filterProducts(products, 'shown').map(({ name }) => name)).toEqual(['A', 'C']);
    expect(filterProducts(products, 'hidden').map(({ name }) => name)).toEqual(['B']);
  });

  it('says which products there are none of', () => {
    const read = (search: string) => readListFilter(productsList.fields, params(search));
    expect(productsList.texts.empty?.(read(''))).toBe('No products yet.');
    expect(productsList.texts.empty?.(read('shown=hidden'))).toBe('No hidden products.');
    expect(productsList.texts.empty?.(read('shown=shown'))).toBe('No shown products.');
  });
});
