import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '#shared/schemas/admin';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditFieldLabel,
  auditTarget,
  describeAuditState,
  formatAuditTarget,
  formatAuditValue,
} from './audit-format.ts';

describe('auditActionLabel', () => {
  it('says what was done in words, for every kind of change the server records', () => {
    expect(auditActionLabel('order.dispatched')).toBe('Order marked as dispatched');
    expect(auditActionLabel('review.hidden')).toBe('Review hidden');
    expect(auditActionLabel('message.answered')).toBe('Message answered');
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('shows a kind it does not know as its code', () => {
    expect(auditActionLabel('product.repriced')).toBe('product.repriced');
    expect(auditActionLabel('toString')).toBe('toString');
  });
});

describe('formatAuditTarget', () => {
  it('names the kind of thing in words', () => {
    expect(formatAuditTarget('order:RC-1042')).toBe('Order RC-1042');
    expect(formatAuditTarget('product:smoked-almonds')).toBe('Product smoked-almonds');
    expect(formatAuditTarget('review:3f2a-77')).toBe('Review 3f2a-77');
    expect(formatAuditTarget('message:9b1c')).toBe('Message 9b1c');
  });

  it('leaves a target of another shape as it is', () => {
    expect(formatAuditTarget('supplier:acme')).toBe('supplier:acme');
    expect(formatAuditTarget('settings')).toBe('settings');
    expect(formatAuditTarget(':odd')).toBe(':odd');
  });
});

describe('auditFieldLabel', () => {
  it('turns a field name into words', () => {
    expect(auditFieldLabel('trackingNumber')).toBe('Tracking number');
    expect(auditFieldLabel('status')).toBe('Status');
    expect(auditFieldLabel('shipping_address')).toBe('Shipping address');
    expect(auditFieldLabel('isDelivered')).toBe('Delivered');
    expect(auditFieldLabel('image')).toBe('Photo');
  });
});

describe('formatAuditValue', () => {
  it('reads values as words', () => {
    expect(formatAuditValue(true)).toBe('Yes');
    expect(formatAuditValue(false)).toBe('No');
    expect(formatAuditValue(null)).toBe('None');
    expect(formatAuditValue(undefined)).toBe('None');
    expect(formatAuditValue('')).toBe('None');
    expect(formatAuditValue(4)).toBe('4');
    expect(formatAuditValue('dispatched')).toBe('dispatched');
  });

  it('puts a list or an object on one line', () => {
    expect(formatAuditValue(['a', 'b'])).toBe('a, b');
    expect(formatAuditValue([])).toBe('None');
    expect(formatAuditValue({ name: 'Ada', isDelivered: false })).toBe('Name: Ada; Delivered: No');
    expect(formatAuditValue({})).toBe('None');
  });
});

describe('describeAuditState', () => {
  it('lists an object one field a line, what the other side holds differently marked and first', () => {
    // As PostgreSQL's jsonb keeps them: shorter keys first.
    const before = { status: 'processing', isDelivered: false, trackingNumber: null };
    const after = { status: 'dispatched', isDelivered: false, trackingNumber: 'RM123456789GB' };
    expect(describeAuditState(after, before)).toEqual({
      kind: 'fields',
      fields: [
        { label: 'Status', value: 'dispatched', changed: true },
        { label: 'Tracking number', value: 'RM123456789GB', changed: true },
        { label: 'Delivered', value: 'No', changed: false },
      ],
    });
    expect(describeAuditState(before, after)).toMatchObject({
      fields: [{ value: 'processing' }, { value: 'None' }, { value: 'No' }],
    });
  });

  it('marks nothing beside a side that holds nothing (a delete)', () => {
    const review = { name: 'Ada', hidden: false };
    expect(describeAuditState(null, review)).toEqual({ kind: 'none' });
    expect(describeAuditState(review, null)).toEqual({
      kind: 'fields',
      fields: [
        { label: 'Name', value: 'Ada', changed: false },
        { label: 'Hidden', value: 'No', changed: false },
      ],
    });
  });

  it('shows a single value as it is', () => {
    expect(describeAuditState('open', 'closed')).toEqual({ kind: 'value', value: 'open' });
    expect(describeAuditState(undefined, 'closed')).toEqual({ kind: 'none' });
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
