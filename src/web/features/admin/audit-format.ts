/**
 * How one audited change reads to the owner: what was done in plain words, to what, and the state before and after
 * as short 'Label: value' lines rather than the JSON the server keeps.
 */
import type { AuditAction } from '#shared/schemas/admin';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'order.dispatched': 'Order marked as dispatched',
  'order.delivered': 'Order marked as delivered',
  'order.cancelled': 'Order cancelled',
  'order.refunded': 'Refund asked for',
  'order.refund-retried': 'Failed refund tried again',
  'review.hidden': 'Review hidden',
  'review.shown': 'Review shown',
  'review.deleted': 'Review deleted',
  'review-settings.updated': 'Review approval changed',
  'message.read': 'Message read',
  'message.new': 'Message marked as new',
  'message.answered': 'Message answered',
  'product.created': 'Product added',
  'product.updated': 'Product changed',
  'product.hidden': 'Product hidden',
  'product.shown': 'Product shown',
  'batch.received': 'Batch received',
  'batch.recalled': 'Batch recalled',
  'batch.recall-mailed': 'Recall mailed',
  'delivery.updated': 'Delivery charges changed',
  'promotion.created': 'Promotion created',
  'promotion.switched-off': 'Promotion switched off',
  'promotion.switched-on': 'Promotion switched on',
  'staff.invited': 'Invited to the staff',
  'staff.joined': 'Joined the staff',
  'staff.removed': 'Removed from the staff',
};

/** A kind of change this screen does not know yet (a newer server) reads as its code. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : action;
}

const TARGET_KINDS: Record<string, string> = {
  order: 'Order',
  batch: 'Batch',
  review: 'Review',
  message: 'Message',
  product: 'Product',
  promotion: 'Promotion',
  staff: 'Staff',
  settings: 'Settings:',
};

/** `order:RC-1042` → 'Order RC-1042'; a target of another shape as it is. */
export function formatAuditTarget(target: string): string {
  const colon = target.indexOf(':');
  const kind = colon > 0 ? TARGET_KINDS[target.slice(0, colon)] : undefined;
  return kind ? `${kind} ${target.slice(colon + 1)}` : target;
}

const FIELD_LABELS: Record<string, string> = { image: 'Photo', isDelivered: 'Delivered' };

/** A field's name as words: `trackingNumber` → 'Tracking number'. */
export function auditFieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One value as text: 'Yes'/'No', 'None' for nothing, a list or an object on one line. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'None';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map(formatAuditValue).join(', ');
  if (isRecord(value)) {
    const fields = Object.entries(value).map(([key, inner]) => `${auditFieldLabel(key)}: ${formatAuditValue(inner)}`);
    return fields.length === 0 ? 'None' : fields.join('; ');
  }
  return String(value);
}

export interface AuditField {
  label: string;
  value: string;
  /** Whether the other side of the change holds another value here. */
  changed: boolean;
}

/**
 * One side of a change. 'none': there was nothing (before a record was made, after a delete). 'value': a single
 * value. 'fields': an object, one line per field, each marked when the other side differs; those first, so both
 * sides open with what changed, in the same order.
 */
export type AuditState = { kind: 'none' } | { kind: 'value'; value: string } | { kind: 'fields'; fields: AuditField[] };

export function describeAuditState(state: unknown, other: unknown): AuditState {
  if (state === null || state === undefined) return { kind: 'none' };
  if (!isRecord(state)) return { kind: 'value', value: formatAuditValue(state) };
  const compared = isRecord(other) ? other : undefined;
  const fields = Object.entries(state).map(([key, value]) => ({
    label: auditFieldLabel(key),
    value: formatAuditValue(value),
    // Only against another object: beside a deleted record's 'None', every line would be marked.
    changed: compared !== undefined && formatAuditValue(compared[key]) !== formatAuditValue(value),
  }));
  return {
    kind: 'fields',
    fields: [...fields.filter((field) => field.changed), ...fields.filter((field) => !field.changed)],
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ORDER_NUMBER = /^(?:order[:\s]\s*)?(?:rc-?)?(\d{1,15})$/i;
const KIND_AND_NAME = /^(order|review|message)[:\s]\s*(\S.*)$/i;

/**
 * The audit's name for what was typed. The API matches a target exactly (`order:RC-1042`), so an order number as
 * the Orders search takes it ('RC-1042', 'rc1042', '1042') and a target as the list shows it ('Order RC-1042',
 * 'Review 3f2a…') both become that; anything else is asked for as typed.
 */
export function auditTarget(typed: string): string {
  const value = typed.trim();
  const orderNumber = ORDER_NUMBER.exec(value)?.[1];
  if (orderNumber) return `order:RC-${Number(orderNumber)}`;
  const named = KIND_AND_NAME.exec(value);
  if (named) return `${named[1]!.toLowerCase()}:${named[2]!.trim()}`;
  return value;
}
