/**
 * The owner's audit as the address bar keeps it (`?action=&target=&page=`), so a filtered page can be reloaded,
 * shared and gone back to, and what that asks the API for: 50 changes a page.
 */
import { AUDIT_ACTIONS, type AuditAction, type AuditQuery } from '#shared/schemas/admin';
import { PER_PAGE, pageOffset, readPage, writePage } from './list-page.ts';

export interface AuditFilter {
  action: AuditAction | undefined;
  /** What was changed, as typed and trimmed: an order number (RC-1042) or a target as the list shows it. */
  target: string;
  /** From 1. */
  page: number;
}

export function parseAuditAction(value: string | null): AuditAction | undefined {
  return AUDIT_ACTIONS.find((action) => action === value);
}

/** Anything the address bar holds that is not a filter (an unknown action, page 0) reads as no filter. */
export function readAuditFilter(params: URLSearchParams): AuditFilter {
  return {
    action: parseAuditAction(params.get('action')),
    target: (params.get('target') ?? '').trim(),
    page: readPage(params),
  };
}

/** Only what differs from the first page of every change, so the plain list's address stays /admin/audit. */
export function auditFilterParams({ action, target, page }: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (action) params.set('action', action);
  if (target.trim()) params.set('target', target.trim());
  return writePage(params, page);
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

export function auditQuery({ action, target, page }: AuditFilter): AuditQuery {
  return {
    limit: PER_PAGE,
    offset: pageOffset(page),
    ...(action && { action }),
    ...(target && { target: auditTarget(target) }),
  };
}

/** Whether a list of changes, the one asked for or the one shown, is narrowed by an action or a target. */
export const isAuditFiltered = ({ action, target }: Pick<AuditQuery, 'action' | 'target'>): boolean =>
  action !== undefined || Boolean(target);
