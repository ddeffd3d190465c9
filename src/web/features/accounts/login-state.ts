/**
 * What a page that sends the shopper to /login hands it in the history entry (never the address, where an e-mail
 * address would reach logs and the browser's history list): the address the login form starts with.
 */
export interface LoginState {
  email: string;
}

export const loginState = (email: string): LoginState => ({ email });

/** The e-mail a history entry's state carries, or '' for anything else (a state is whatever the entry holds). */
export function emailFromLoginState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email.slice(0, 254) : '';
}
