import { describe, expect, it, vi } from 'vitest';
import { sharedStorage } from '#tests/web/shared-storage';
import { createPromoCodeStore, PROMO_CODE_KEY } from './promo-code.ts';

describe('the applied promotion code', () => {
  it('is not read from storage until a screen subscribes, so a server render and hydration see none', () => {
    const { storage } = sharedStorage({ [PROMO_CODE_KEY]: 'WINTER10' });
    const getStorage = vi.fn(() => storage);
    const store = createPromoCodeStore(getStorage);
    expect(store.get()).toBeNull();
    expect(getStorage).not.toHaveBeenCalled();

    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get()).toBe('WINTER10');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('survives a reload: what is applied is stored, and read back by the next page’s store', () => {
    const { items, storage } = sharedStorage();
    const store = createPromoCodeStore(() => storage);
    store.subscribe(() => undefined);
    store.set('WINTER10');
    expect(items.get(PROMO_CODE_KEY)).toBe('WINTER10');

    const afterReload = createPromoCodeStore(() => storage);
    afterReload.subscribe(() => undefined);
    expect(afterReload.get()).toBe('WINTER10');
  });

  it('is forgotten by clear, in storage too, and tells subscribers once', () => {
    const { items, storage } = sharedStorage({ [PROMO_CODE_KEY]: 'WINTER10' });
    const store = createPromoCodeStore(() => storage);
    const listener = vi.fn();
    store.subscribe(listener);
    listener.mockClear();

    store.clear();
    store.clear();
    expect(store.get()).toBeNull();
    expect(items.has(PROMO_CODE_KEY)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['text no code looks like', '<script>'],
    ['an empty string', ''],
    ['something far too long', 'A'.repeat(80)],
  ])('ignores %s found in storage', (_case, stored) => {
    const { storage } = sharedStorage({ [PROMO_CODE_KEY]: stored });
    const store = createPromoCodeStore(() => storage);
    store.subscribe(() => undefined);
    expect(store.get()).toBeNull();
  });

  it('works without storage (refused or missing): the code then lasts as long as the page', () => {
    const store = createPromoCodeStore(() => null);
    store.subscribe(() => undefined);
    store.set('WINTER10');
    expect(store.get()).toBe('WINTER10');
  });
});
