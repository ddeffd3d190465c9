import { describe, expect, it, vi } from 'vitest';
import { GUEST_CART_KEY, IS_GUEST_KEY } from './guest-data.ts';
import { createSessionStore, TOKEN_KEY, USER_KEY, type Session } from './session.ts';
import type { KeyValueStorage } from './storage.ts';

/** One origin's local storage, shared by the "tabs" of a test, like the real one. */
function sharedStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
  return { items, storage };
}

/** What the browser does in every other tab after one tab writes to local storage. */
function storageEvent(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}

const ada: Session = { user: { _id: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com' }, token: 'token-ada' };

describe('the session store', () => {
  it('starts from the session stored by an earlier visit', () => {
    const { storage } = sharedStorage({ [TOKEN_KEY]: ada.token, [USER_KEY]: JSON.stringify(ada.user) });
    const store = createSessionStore({ storage, events: null });
    expect(store.get()).toEqual(ada);
  });

  it.each([
    ['no token', { [USER_KEY]: JSON.stringify(ada.user) }],
    ['no user', { [TOKEN_KEY]: ada.token }],
    ['a user that is not JSON', { [TOKEN_KEY]: ada.token, [USER_KEY]: '{oops' }],
    ['a user without an e-mail', { [TOKEN_KEY]: ada.token, [USER_KEY]: JSON.stringify({ _id: 'u-1', name: 'Ada' }) }],
  ])('treats %s as nobody logged in', (_case, stored) => {
    const { storage } = sharedStorage(stored);
    expect(createSessionStore({ storage, events: null }).get()).toBeNull();
  });

  it('works without storage (a server render, or storage refused)', () => {
    const store = createSessionStore({ storage: null, events: null });
    store.logIn(ada);
    expect(store.get()).toEqual(ada);
    store.logOut();
    expect(store.get()).toBeNull();
  });

  it('stores a login under the spec’s keys, clears the guest flag but keeps the guest cart for the merge, and tells subscribers', () => {
    const { items, storage } = sharedStorage({
      [GUEST_CART_KEY]: '[{"_id":"pine-nuts","qty":2}]',
      [IS_GUEST_KEY]: 'true',
    });
    const store = createSessionStore({ storage, events: null });
    const listener = vi.fn();
    store.subscribe(listener);

    store.logIn(ada);

    expect(store.get()).toEqual(ada);
    expect(listener).toHaveBeenCalledOnce();
    expect(Object.fromEntries(items)).toEqual({
      [TOKEN_KEY]: ada.token,
      [USER_KEY]: JSON.stringify(ada.user),
      [GUEST_CART_KEY]: '[{"_id":"pine-nuts","qty":2}]',
    });
  });

  it('logs out by clearing user, token and guest data', () => {
    const { items, storage } = sharedStorage({ unrelated: 'kept' });
    const store = createSessionStore({ storage, events: null });
    store.logIn(ada);
    items.set(GUEST_CART_KEY, '[]');
    items.set(IS_GUEST_KEY, 'true');
    const listener = vi.fn();
    store.subscribe(listener);

    store.logOut();

    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    expect(Object.fromEntries(items)).toEqual({ unrelated: 'kept' });
  });

  it('follows a login and a logout in another tab', () => {
    const { storage } = sharedStorage();
    const otherTab = createSessionStore({ storage, events: null });
    const thisTabEvents = new EventTarget();
    const thisTab = createSessionStore({ storage, events: thisTabEvents });
    const listener = vi.fn();
    thisTab.subscribe(listener);

    otherTab.logIn(ada);
    thisTabEvents.dispatchEvent(storageEvent(USER_KEY));
    thisTabEvents.dispatchEvent(storageEvent(TOKEN_KEY));
    expect(thisTab.get()).toEqual(ada);
    expect(listener).toHaveBeenCalledOnce();

    otherTab.logOut();
    thisTabEvents.dispatchEvent(storageEvent(TOKEN_KEY));
    expect(thisTab.get()).toBeNull();

    // localStorage.clear() in another tab arrives with no key.
    otherTab.logIn(ada);
    thisTabEvents.dispatchEvent(storageEvent(TOKEN_KEY));
    expect(thisTab.get()).toEqual(ada);
    storage.removeItem(TOKEN_KEY);
    thisTabEvents.dispatchEvent(storageEvent(null));
    expect(thisTab.get()).toBeNull();
  });

  it('ignores other keys’ events, and keeps the same session object when nothing changed', () => {
    const { storage } = sharedStorage({ [TOKEN_KEY]: ada.token, [USER_KEY]: JSON.stringify(ada.user) });
    const events = new EventTarget();
    const store = createSessionStore({ storage, events });
    const before = store.get();
    const listener = vi.fn();
    store.subscribe(listener);

    storage.removeItem(TOKEN_KEY);
    events.dispatchEvent(storageEvent(GUEST_CART_KEY));
    expect(store.get()).toBe(before);
    storage.setItem(TOKEN_KEY, ada.token);
    events.dispatchEvent(storageEvent(TOKEN_KEY));
    expect(store.get()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops following other tabs once stopped', () => {
    const { storage } = sharedStorage();
    const events = new EventTarget();
    const store = createSessionStore({ storage, events });
    store.stop();
    createSessionStore({ storage, events: null }).logIn(ada);
    events.dispatchEvent(storageEvent(TOKEN_KEY));
    expect(store.get()).toBeNull();
  });

  it('logs out when the server refuses the current token, not an earlier one', () => {
    const { storage } = sharedStorage();
    const store = createSessionStore({ storage, events: null });
    store.logIn(ada);
    store.expire('token-from-before');
    expect(store.get()).toEqual(ada);
    store.expire(ada.token);
    expect(store.get()).toBeNull();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('takes the server’s fresher user for the same session only', () => {
    const { storage } = sharedStorage();
    const store = createSessionStore({ storage, events: null });
    store.logIn(ada);
    const renamed = { ...ada.user, name: 'Augusta Ada King' };

    store.updateUser('token-from-before', renamed);
    expect(store.get()?.user.name).toBe('Ada Lovelace');

    store.updateUser(ada.token, renamed);
    expect(store.get()).toEqual({ user: renamed, token: ada.token });
    expect(JSON.parse(storage.getItem(USER_KEY) ?? 'null')).toEqual(renamed);
  });
});
