/**
 * The server's own word on a new password (too common, decision 102), shown at the password field: the list of common
 * passwords is checked on the server only, so it never reaches the browser's JavaScript.
 */
import { ApiRequestError } from '#web/lib/api-client.ts';

export function serverPasswordError(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return error.errors.find(({ field }) => field === 'password')?.message;
}
