import { describe, expect, it, vi } from 'vitest';
import { addToCart } from '#shared/cart-rules';
import { createGuestCartStore, GUEST_CART_KEY, IS_GUEST_KEY, parseGuestCart } from './guest-cart.ts';
import { sharedStorage, storageEvent } from '#tests/web/shared-storage';

describe('the guest cart store', () => {
  it('starts from the cart and flag an earlier visit stored', () => {
    const { storage } = sharedStorage({
      [GUEST_CART_KEY]: JSON.stringify([{ _id: 'pine-nuts', qty: 2, selectedWeight: '500g' }]),
      [IS_GUEST_KEY]: 'true',
    });
    expect(createGuestCartStore({ storage, events: null }).get()).toEqual({
      lines: [{ _id: 'pine-nuts', qty: 2, selectedWeight: '500g' }],
      isGuest: true,
    });
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"_id":"pine-nuts","qty":1}'],
    ['lines without a product or a whole quantity', '[{"qty":1},{"_id":"a","qty":"2"},{"_id":"b","qty":1.5}]'],
    ['lines of quantity 0 or less', '[{"_id":"a","qty":0},{"_id":"b","qty":-3}]'],
  ])('reads a stored cart that is %s as empty', (_case, json) => {
    expect(parseGuestCart(json)).toEqual([]);
  });

  it('stores changes under the shop’s keys, folds a product listed twice, and tells subscribers', () => {
    const { items, storage } = sharedStorage();
    const store = createGuestCartStore({ storage, events: null });
    const listener = vi.fn();
    store.subscribe(listener);

    store.setGuest(true);
    store.setLines(addToCart(store.get().lines, { _id: 'pine-nuts', qty: 3, selectedWeight: '250g' }));
    store.setLines([...store.get().lines, { _id: 'pine-nuts', qty: 1, selectedWeight: '250g' }]);

    expect(listener).toHaveBeenCalledTimes(3);
    expect(store.get()).toEqual({ lines: [{ _id: 'pine-nuts', qty: 4, selectedWeight: '250g' }], isGuest: true });
    expect(JSON.parse(items.get(GUEST_CART_KEY) ?? 'null')).toEqual([
      { _id: 'pine-nuts', qty: 4, selectedWeight: '250g' },
    ]);
    expect(items.get(IS_GUEST_KEY)).toBe('true');

    store.clearLines();
    expect(items.has(GUEST_CART_KEY)).toBe(false);
    expect(store.get().isGuest).toBe(true);
    store.clear();
    expect(Object.fromEntries(items)).toEqual({});
  });

  it('follows the guest cart another tab changes, and ignores other keys', () => {
    const { storage } = sharedStorage();
    const otherTab = createGuestCartStore({ storage, events: null });
    const events = new EventTarget();
    const thisTab = createGuestCartStore({ storage, events });
    const listener = vi.fn();
    thisTab.subscribe(listener);

    otherTab.setLines([{ _id: 'cashews', qty: 1, selectedWeight: '' }]);
    events.dispatchEvent(storageEvent('token'));
    expect(thisTab.get().lines).toEqual([]);
    events.dispatchEvent(storageEvent(GUEST_CART_KEY));
    expect(thisTab.get().lines).toEqual([{ _id: 'cashews', qty: 1, selectedWeight: '' }]);

    storage.removeItem(GUEST_CART_KEY);
    events.dispatchEvent(storageEvent(null));
    expect(thisTab.get().lines).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);

    thisTab.stop();
    otherTab.setLines([{ _id: 'cashews', qty: 1, selectedWeight: '' }]);
    events.dispatchEvent(storageEvent(GUEST_CART_KEY));
    expect(thisTab.get().lines).toEqual([]);
  });

  it('works without storage', () => {
    const store = createGuestCartStore({ storage: null, events: null });
    store.setLines([{ _id: 'cashews', qty: 1, selectedWeight: '' }]);
    expect(store.get().lines).toHaveLength(1);
  });
});
