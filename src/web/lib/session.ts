/**
 * The customer's session in the browser: the user and bearer token kept in local storage (keys 'user' and
 * 'token', the shop's names), shared by every tab, and handed to the API client. A tiny external store, read
 * with `useSession()`; the app starts it once in its entry, before the first render. It announces a login and a
 * logout made in this tab, and knows nothing of what the shop does then (app/wire-session.ts wires that).
 */
import { useSyncExternalStore } from 'react';
import type { User } from '#shared/schemas/user';
import { setAuthTokenGetter, setSessionExpiredHandler } from './api-client.ts';
import { browserStorage, type KeyValueStorage, readItem, removeItem, writeItem } from './storage.ts';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/**
 * Every query holding the customer's own data (cart, orders, …) has a key starting with this, so one
 * `removeQueries({ queryKey: customerQueryKey })` forgets it all when the customer changes or leaves.
 */
export const customerQueryKey = ['customer'] as const;

export interface Session {
  user: User;
  token: string;
}

/** Where storage events come from: the window in the browser, a plain EventTarget in tests. */
type StorageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * A login or a logout made in this tab (`logIn`, `logOut`, or `expire` of the current token). Another tab's,
 * which this tab only follows, is not announced here: that tab announced it to its own listeners.
 */
export type SessionEvent = 'login' | 'logout';

export interface SessionStore {
  /** The current session, or null when nobody is logged in. The same object until the session changes. */
  get(): Session | null;
  subscribe(listener: () => void): () => void;
  /**
   * Listens for this tab's logins or logouts. Announced once the session is stored and before subscribers hear
   * of it, so what the app does at login is under way before any screen reads the new session.
   */
  on(event: SessionEvent, listener: () => void): () => void;
  /** Stores a new session and announces a login. */
  logIn(session: Session): void;
  /** Forgets the session and announces a logout. */
  logOut(): void;
  /** The server's fresher copy of the user, for the session that `token` belongs to. */
  updateUser(token: string, user: User): void;
  /** The server refused `token`: log out, unless the session has moved on to another token meanwhile. */
  expire(token: string): void;
  /** Stops following other tabs. */
  stop(): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Checked by hand: zod would add a fifth to the home page's JavaScript, and this runs on every page. */
function parseUser(json: string | null): User | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (
      isRecord(value) &&
      typeof value._id === 'string' &&
      typeof value.name === 'string' &&
      typeof value.email === 'string'
    ) {
      // A session kept from before roles existed is a customer's.
      return {
        _id: value._id,
        name: value.name,
        email: value.email,
        role: value.role === 'admin' || value.role === 'staff' ? value.role : 'customer',
      };
    }
  } catch {
    // Not JSON: treated as no user.
  }
  return null;
}

export function createSessionStore({
  storage,
  events,
}: {
  storage: KeyValueStorage | null;
  events: StorageEvents | null;
}): SessionStore {
  const listeners = new Set<() => void>();
  const announced: Record<SessionEvent, Set<() => void>> = { login: new Set(), logout: new Set() };
  let session = readStoredSession();

  function readStoredSession(): Session | null {
    const token = readItem(storage, TOKEN_KEY);
    const user = parseUser(readItem(storage, USER_KEY));
    return token && user ? { user, token } : null;
  }

  function set(next: Session | null) {
    session = next;
    notify();
  }
  function notify() {
    for (const listener of listeners) listener();
  }
  function announce(event: SessionEvent) {
    for (const listener of announced[event]) listener();
  }

  const sameSession = (a: Session | null, b: Session | null) =>
    a === b ||
    (a !== null &&
      b !== null &&
      a.token === b.token &&
      a.user._id === b.user._id &&
      a.user.name === b.user.name &&
      a.user.email === b.user.email &&
      a.user.role === b.user.role);

  // Another tab logged in or out: its writes to the same storage arrive here as events (never from this tab).
  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    if (key !== null && key !== TOKEN_KEY && key !== USER_KEY) return;
    const stored = readStoredSession();
    if (!sameSession(stored, session)) set(stored);
  };
  events?.addEventListener('storage', onStorage);

  const store: SessionStore = {
    get: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(event, listener) {
      announced[event].add(listener);
      return () => announced[event].delete(listener);
    },
    logIn(next) {
      writeItem(storage, USER_KEY, JSON.stringify(next.user));
      writeItem(storage, TOKEN_KEY, next.token);
      session = { user: next.user, token: next.token };
      announce('login');
      notify();
    },
    logOut() {
      removeItem(storage, TOKEN_KEY);
      removeItem(storage, USER_KEY);
      const wasLoggedIn = session !== null;
      session = null;
      announce('logout');
      if (wasLoggedIn) notify();
    },
    updateUser(token, user) {
      if (session?.token !== token) return;
      const next = { user, token };
      if (sameSession(next, session)) return;
      writeItem(storage, USER_KEY, JSON.stringify(user));
      set(next);
    },
    expire(token) {
      if (session?.token === token) store.logOut();
    },
    stop: () => events?.removeEventListener('storage', onStorage),
  };
  return store;
}

// Until the entry starts the real one: nobody logged in, nothing read (as on a server render).
let activeStore = createSessionStore({ storage: null, events: null });

/**
 * Reads the stored session, follows other tabs, and gives the API client the token and the way to end a
 * session the server refuses. Called once by the browser entry, before the first render.
 */
export function startSession(): void {
  activeStore.stop();
  activeStore = createSessionStore({ storage: browserStorage(), events: window });
  setAuthTokenGetter(() => activeStore.get()?.token ?? null);
  setSessionExpiredHandler((token) => activeStore.expire(token));
}

export const getSession = (): Session | null => activeStore.get();
export const subscribeSession = (listener: () => void): (() => void) => activeStore.subscribe(listener);
/** NOTE: listens to the store started last: call it after `startSession()`, as the browser entry does. */
export const onSessionEvent = (event: SessionEvent, listener: () => void): (() => void) =>
  activeStore.on(event, listener);
export const logIn = (session: Session): void => activeStore.logIn(session);
export const logOut = (): void => activeStore.logOut();
export const updateSessionUser = (token: string, user: User): void => activeStore.updateUser(token, user);

const noSessionOnServer = () => null;

/** The current session, re-rendering when it changes (here or in another tab). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, noSessionOnServer);
}
