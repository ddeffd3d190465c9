import { describe, expect, it } from 'vitest';
import { auditFilterParams, auditQuery, auditTarget, readAuditFilter } from './audit-filter.ts';

const read = (search: string) => readAuditFilter(new URLSearchParams(search));

describe('the audit in the address bar', () => {
  it('reads an action, a trimmed target and a page', () => {
    expect(read('action=review.hidden&target=%20RC-1042%20&page=3')).toEqual({
      action: 'review.hidden',
      target: 'RC-1042',
      page: 3,
    });
  });

  it('reads what is not a filter as none: an unknown action, a page that is not a whole number from 1', () => {
    for (const search of ['', 'action=order.lost', 'action=Review.hidden', 'page=0', 'page=-2', 'page=1.5', 'page=x']) {
      expect(read(search), search).toEqual({ action: undefined, target: '', page: 1 });
    }
  });

  it('never asks for an offset the API refuses', () => {
    expect(auditQuery(read('page=99999999999')).offset).toBeLessThanOrEqual(1_000_000_000);
  });

  it('writes only what differs from the first page of every change', () => {
    expect(auditFilterParams({ action: undefined, target: '  ', page: 1 }).toString()).toBe('');
    expect(auditFilterParams({ action: 'order.dispatched', target: ' RC-1042 ', page: 2 }).toString()).toBe(
      'action=order.dispatched&target=RC-1042&page=2',
    );
  });

  it('asks the API for 50 changes a page, with the filters given', () => {
    expect(auditQuery({ action: undefined, target: '', page: 1 })).toEqual({ limit: 50, offset: 0 });
    expect(auditQuery({ action: 'review.shown', target: 'RC-7', page: 3 })).toEqual({
      limit: 50,
      offset: 100,
      action: 'review.shown',
      target: 'order:RC-7',
    });
  });
});

describe('auditTarget', () => {
  it('reads an order number as the Orders search does', () => {
    for (const typed of ['RC-1042', 'rc-1042', 'rc1042', '1042', ' 01042 ', 'order:RC-1042', 'Order RC-1042']) {
      expect(auditTarget(typed), typed).toBe('order:RC-1042');
    }
  });

  it('reads a target as the list shows it', () => {
    expect(auditTarget('Review 3f2a-77')).toBe('review:3f2a-77');
    expect(auditTarget('review:3f2a-77')).toBe('review:3f2a-77');
    expect(auditTarget('Message  9b1c ')).toBe('message:9b1c');
  });

  it('asks for anything else as typed', () => {
    expect(auditTarget('product:cashews')).toBe('product:cashews');
    expect(auditTarget(' 3f2a-77 ')).toBe('3f2a-77');
    expect(auditTarget('')).toBe('');
  });
});
