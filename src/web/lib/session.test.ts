import { describe, expect, it, vi } from 'vitest';
import { sharedStorage, storageEvent } from '#tests/web/shared-storage';
import { createSessionStore, TOKEN_KEY, USER_KEY, type Session } from './session.ts';

// The guest cart's keys, which the session leaves to whoever listens for its logins and logouts.
const GUEST_CART_KEY = 'guestCart';
const IS_GUEST_KEY = 'isGuest';

const ada: Session = {
  user: { _id: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'customer' },
  token: 'token-ada',
};

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

  it('stores a login under the shop’s keys, leaves the guest’s data to the app (app/wire-session.ts), and tells subscribers', () => {
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
      [IS_GUEST_KEY]: 'true',
    });
  });

  it('logs out by clearing user and token, and tells subscribers', () => {
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
    expect(Object.fromEntries(items)).toEqual({ unrelated: 'kept', [GUEST_CART_KEY]: '[]', [IS_GUEST_KEY]: 'true' });
  });

  it('announces this tab’s login and logout, once the session is stored and before subscribers hear of it', () => {
    const { storage } = sharedStorage();
    const store = createSessionStore({ storage, events: null });
    const heard: string[] = [];
    store.subscribe(() => heard.push(`subscriber: ${store.get()?.user.name ?? 'nobody'}`));
    const stopLogin = store.on('login', () => heard.push(`login: ${store.get()?.user.name}`));
    store.on('logout', () => heard.push(`logout: ${store.get()?.user.name ?? 'nobody'}`));

    store.logIn(ada);
    store.logOut();
    stopLogin();
    store.logIn(ada);

    expect(heard).toEqual([
      'login: Ada Lovelace',
      'subscriber: Ada Lovelace',
      'logout: nobody',
      'subscriber: nobody',
      'subscriber: Ada Lovelace',
    ]);
  });

  it('announces a logout when the server refuses the current token', () => {
    const store = createSessionStore({ storage: null, events: null });
    const logout = vi.fn();
    store.on('logout', logout);
    store.logIn(ada);
    store.expire('token-from-before');
    expect(logout).not.toHaveBeenCalled();
    store.expire(ada.token);
    expect(logout).toHaveBeenCalledOnce();
  });

  it('does not announce what it follows from another tab: that tab announced it', () => {
    const { storage } = sharedStorage();
    const otherTab = createSessionStore({ storage, events: null });
    const events = new EventTarget();
    const thisTab = createSessionStore({ storage, events });
    const announced = vi.fn();
    thisTab.on('login', announced);
    thisTab.on('logout', announced);

    otherTab.logIn(ada);
    events.dispatchEvent(storageEvent(TOKEN_KEY));
    expect(thisTab.get()).toEqual(ada);
    otherTab.logOut();
    events.dispatchEvent(storageEvent(TOKEN_KEY));
    expect(thisTab.get()).toBeNull();

    expect(announced).not.toHaveBeenCalled();
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

  it('takes a changed role from the server, so a customer made admin sees the owner’s screens without logging in again', () => {
    const { storage } = sharedStorage();
    const store = createSessionStore({ storage, events: null });
    store.logIn(ada);
    const listener = vi.fn();
    store.subscribe(listener);

    const promoted = { ...ada.user, role: 'admin' as const };
    store.updateUser(ada.token, promoted);
    expect(store.get()?.user.role).toBe('admin');
    expect(listener).toHaveBeenCalledOnce();
    expect(JSON.parse(storage.getItem(USER_KEY) ?? 'null')).toEqual(promoted);
  });
});
