/**
 * The owner's messages as the address bar keeps them (`?status=&page=`, and `message=` for one opened in place of the
 * list), so a filtered page or an opened message can be reloaded, shared and gone back from, and what that asks the
 * API for: 50 messages a page, the new ones unless told.
 */
import { MESSAGE_STATUSES, type MessageStatus } from '#shared/schemas/admin';
import type { AdminMessagesQuery } from './api/get-admin-messages.ts';
import { PER_PAGE, pageOffset, readPage, writePage } from './list-page.ts';

/** The address's name for the message opened in place of the list. */
export const MESSAGE_PARAM = 'message';

/** Which messages are listed: those of one status, or all. */
export type MessagesShown = MessageStatus | 'all';

/** What needs doing comes first, and is what the screen opens on. */
export const DEFAULT_MESSAGES_SHOWN: MessagesShown = 'new';

export interface MessagesFilter {
  status: MessagesShown;
  /** From 1. */
  page: number;
}

/** The address's `status`; anything else (none, 'New', 'lost') lists the new ones, as the screen opens. */
export function parseMessagesShown(value: string | null): MessagesShown {
  if (value === 'all') return 'all';
  return MESSAGE_STATUSES.find((status) => status === value) ?? DEFAULT_MESSAGES_SHOWN;
}

export function readMessagesFilter(params: URLSearchParams): MessagesFilter {
  return { status: parseMessagesShown(params.get('status')), page: readPage(params) };
}

/** Only what differs from the first page of new messages, so that list's address stays /admin/messages. */
export function messagesFilterParams({ status, page }: MessagesFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== DEFAULT_MESSAGES_SHOWN) params.set('status', status);
  return writePage(params, page);
}

/** The message opened in place of the list, if the address names one. */
export function readOpenMessage(params: URLSearchParams): string | undefined {
  return params.get(MESSAGE_PARAM)?.trim() || undefined;
}

/** A message opened from a list, that list's filter and page kept beside it for Back to messages. */
export function openMessageParams(filter: MessagesFilter, messageId: string): URLSearchParams {
  const params = messagesFilterParams(filter);
  params.set(MESSAGE_PARAM, messageId);
  return params;
}

export function messagesQuery({ status, page }: MessagesFilter): AdminMessagesQuery {
  return { limit: PER_PAGE, offset: pageOffset(page), ...(status !== 'all' && { status }) };
}
