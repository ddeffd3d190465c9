import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestCartMergeSettled } from '#web/features/cart/api/merge-guest-cart.ts';
import { createGuestCartStore, GUEST_CART_KEY, IS_GUEST_KEY } from '#web/features/cart/guest-cart.ts';
import { setAuthTokenGetter } from '#web/lib/api-client.ts';
import { createSessionStore, type Session, type SessionStore, TOKEN_KEY, USER_KEY } from '#web/lib/session.ts';
import { sharedStorage, storageEvent } from '#tests/web/shared-storage';
import { wireGuestCartToSession } from './wire-session.ts';

const ada: Session = {
  user: { _id: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'customer' },
  token: 'token-ada',
};
const guestLines = '[{"_id":"pine-nuts","qty":2}]';

/** A tab of the shop as the browser entry wires it: its session and guest cart on the origin's storage. */
function openTab(storage: ReturnType<typeof sharedStorage>['storage'], events: EventTarget | null = null) {
  const session = createSessionStore({ storage, events });
  const cart = createGuestCartStore({ storage, events });
  wireGuestCartToSession(session, cart);
  return { session, cart };
}

let fetch: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
let tokenOf: SessionStore | null;

beforeEach(() => {
  fetch = vi.fn(async () => Response.json([]));
  vi.stubGlobal('fetch', fetch);
  tokenOf = null;
  setAuthTokenGetter(() => tokenOf?.get()?.token ?? null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAuthTokenGetter(() => null);
});

describe('a login in this tab', () => {
  it('clears the guest flag at once, keeps the guest cart until the server has merged it, then forgets it', async () => {
    const { items, storage } = sharedStorage({ [GUEST_CART_KEY]: guestLines, [IS_GUEST_KEY]: 'true' });
    const tab = openTab(storage);
    tokenOf = tab.session;

    tab.session.logIn(ada);

    expect(tab.cart.get().isGuest).toBe(false);
    expect(Object.fromEntries(items)).toEqual({
      [TOKEN_KEY]: ada.token,
      [USER_KEY]: JSON.stringify(ada.user),
      [GUEST_CART_KEY]: guestLines,
    });
    await guestCartMergeSettled();
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/cart/merge');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${ada.token}`);
    expect(JSON.parse(String(init.body))).toEqual({ items: [{ _id: 'pine-nuts', qty: 2, selectedWeight: '' }] });
    expect(items.has(GUEST_CART_KEY)).toBe(false);
    expect(tab.cart.get().lines).toEqual([]);
  });

  it('keeps the guest cart for the next login when the merge fails', async () => {
    fetch.mockResolvedValue(Response.json({ message: 'Down for a moment' }, { status: 503 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { items, storage } = sharedStorage({ [GUEST_CART_KEY]: guestLines, [IS_GUEST_KEY]: 'true' });
    const tab = openTab(storage);
    tokenOf = tab.session;

    tab.session.logIn(ada);
    await guestCartMergeSettled();

    expect(warn).toHaveBeenCalledOnce();
    expect(items.get(GUEST_CART_KEY)).toBe(guestLines);
    expect(tab.cart.get().lines).toHaveLength(1);
    warn.mockRestore();
  });

  it('sends nothing when there is no guest cart', async () => {
    const { storage } = sharedStorage({ [IS_GUEST_KEY]: 'true' });
    const tab = openTab(storage);
    tab.session.logIn(ada);
    await guestCartMergeSettled();
    expect(fetch).not.toHaveBeenCalled();
    expect(tab.cart.get().isGuest).toBe(false);
  });

  it('is merged by that tab only: another tab follows the login and sends nothing', async () => {
    const { storage } = sharedStorage({ [GUEST_CART_KEY]: guestLines, [IS_GUEST_KEY]: 'true' });
    const loggingIn = openTab(storage);
    const otherEvents = new EventTarget();
    const other = openTab(storage, otherEvents);
    tokenOf = loggingIn.session;

    loggingIn.session.logIn(ada);
    for (const key of [USER_KEY, TOKEN_KEY, IS_GUEST_KEY]) otherEvents.dispatchEvent(storageEvent(key));
    await guestCartMergeSettled();
    otherEvents.dispatchEvent(storageEvent(GUEST_CART_KEY));

    expect(other.session.get()).toEqual(ada);
    expect(fetch).toHaveBeenCalledOnce();
    expect(other.cart.get()).toEqual({ lines: [], isGuest: false });
  });
});

describe('a logout in this tab', () => {
  it('clears user, token and guest data', () => {
    const { items, storage } = sharedStorage({ unrelated: 'kept' });
    const tab = openTab(storage);
    tab.session.logIn(ada);
    items.set(GUEST_CART_KEY, '[]');
    items.set(IS_GUEST_KEY, 'true');

    tab.session.logOut();

    expect(tab.session.get()).toBeNull();
    expect(Object.fromEntries(items)).toEqual({ unrelated: 'kept' });
  });

  it('clears guest data when the server refuses the session’s token too', () => {
    const { items, storage } = sharedStorage();
    const tab = openTab(storage);
    tab.session.logIn(ada);
    tab.cart.setGuest(true);
    tab.cart.setLines([{ _id: 'cashews', qty: 1, selectedWeight: '250g' }]);

    tab.session.expire(ada.token);

    expect(Object.fromEntries(items)).toEqual({});
    expect(tab.cart.get()).toEqual({ lines: [], isGuest: false });
  });
});
