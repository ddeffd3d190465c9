import { describe, expect, it } from 'vitest';
import { pageAt, pageOffset, pageRange, previousPage, readPage, writePage } from './list-page.ts';

const read = (search: string) => readPage(new URLSearchParams(search));

describe("a list's page in the address bar", () => {
  it('reads a whole number from 1', () => {
    expect(read('page=3')).toBe(3);
  });

  it('reads anything else as the first page', () => {
    for (const search of ['', 'page=', 'page=0', 'page=-2', 'page=1.5', 'page=two', 'page=1e400']) {
      expect(read(search), search).toBe(1);
    }
  });

  it('never reads a page whose offset the API refuses', () => {
    expect(pageOffset(read('page=99999999999'))).toBeLessThanOrEqual(1_000_000_000);
  });

  it('writes a page only past the first', () => {
    expect(writePage(new URLSearchParams('shown=hidden'), 1).toString()).toBe('shown=hidden');
    expect(writePage(new URLSearchParams('shown=hidden'), 2).toString()).toBe('shown=hidden&page=2');
  });
});

describe('pages of 50', () => {
  it('start at 0, 50, 100', () => {
    expect([1, 2, 3].map(pageOffset)).toEqual([0, 50, 100]);
  });

  it('are known again from their offset', () => {
    expect([0, 50, 100].map(pageAt)).toEqual([1, 2, 3]);
  });

  it('go back one, or from past the end to the last page there is, never before the first', () => {
    expect(previousPage(3, 120)).toBe(2);
    expect(previousPage(9, 120)).toBe(3);
    expect(previousPage(1, 120)).toBe(1);
    expect(previousPage(4, 0)).toBe(1);
  });
});

describe('pageRange', () => {
  it('shows which rows a page holds, with thousands separated', () => {
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
