import { describe, expect, it } from 'vitest';
import {
  messagesFilterParams,
  messagesQuery,
  openMessageParams,
  readMessagesFilter,
  readOpenMessage,
} from './message-filter.ts';

const params = (search: string) => new URLSearchParams(search);
const read = (search: string) => readMessagesFilter(params(search));

describe('the messages in the address bar', () => {
  it('reads a status, all of them, and a page', () => {
    expect(read('status=answered&page=2')).toEqual({ status: 'answered', page: 2 });
    expect(read('status=read')).toEqual({ status: 'read', page: 1 });
    expect(read('status=all&page=3')).toEqual({ status: 'all', page: 3 });
  });

  it('reads what is not a filter as the new ones, from the first page', () => {
    for (const search of ['', 'status=new', 'status=New', 'status=lost', 'status=', 'page=0', 'page=1.5', 'page=x']) {
      expect(read(search), search).toEqual({ status: 'new', page: 1 });
    }
  });

  it('writes only what differs from the first page of new messages', () => {
    expect(messagesFilterParams({ status: 'new', page: 1 }).toString()).toBe('');
    expect(messagesFilterParams({ status: 'new', page: 2 }).toString()).toBe('page=2');
    expect(messagesFilterParams({ status: 'answered', page: 1 }).toString()).toBe('status=answered');
    expect(messagesFilterParams({ status: 'all', page: 4 }).toString()).toBe('status=all&page=4');
  });

  it('reads back what it writes', () => {
    for (const filter of [
      { status: 'new', page: 1 },
      { status: 'read', page: 2 },
      { status: 'all', page: 1 },
    ] as const) {
      expect(readMessagesFilter(messagesFilterParams(filter))).toEqual(filter);
    }
  });

  it('asks the API for 50 messages a page, of one status or all', () => {
    expect(messagesQuery({ status: 'new', page: 1 })).toEqual({ status: 'new', limit: 50, offset: 0 });
    expect(messagesQuery({ status: 'answered', page: 2 })).toEqual({ status: 'answered', limit: 50, offset: 50 });
    expect(messagesQuery({ status: 'all', page: 3 })).toEqual({ limit: 50, offset: 100 });
  });
});

describe('a message opened in the address bar', () => {
  it('is named by its id beside the list it was opened from', () => {
    const opened = openMessageParams({ status: 'answered', page: 2 }, '3f2a 6c1e');
    expect(opened.toString()).toBe('status=answered&page=2&message=3f2a+6c1e');
    expect(readOpenMessage(opened)).toBe('3f2a 6c1e');
    expect(readMessagesFilter(opened)).toEqual({ status: 'answered', page: 2 });
    expect(openMessageParams({ status: 'new', page: 1 }, 'm-1').toString()).toBe('message=m-1');
  });

  it('is none when the address names none', () => {
    for (const search of ['', 'message=', 'message=%20%20', 'status=read']) {
      expect(readOpenMessage(params(search)), search).toBeUndefined();
    }
  });
});
