/**
 * Secrets kept out of every log line (decision 105): the tokens and ids that grant something when carried in a path
 * (a password reset, a staff invitation, a payment page or its verify call) are replaced in logged URLs, and
 * credentials in logged objects are censored by the logger's `redact` paths.
 */
import { routedPath } from './security-headers.ts';

export const REDACTED = '[redacted]';

/** Paths whose last segment is a secret: a reset or invitation token, or a payment session's id. */
const secretSegments = [
  /^(\/api\/auth\/reset-password\/|\/reset-password\/)[^/]+/,
  /^(\/api\/staff\/accept\/|\/staff\/accept\/)[^/]+/,
  /^(\/api\/orders\/verify-stripe\/)[^/]+/,
  /^(\/pay\/)(?!pay\.css$)[^/]+/,
];

/** Query keys whose values are never logged. */
const secretQueryKey = /token|code|password|secret|session|totp|key/i;

/** The URL as it may be logged: its path as routed with any secret segment replaced, secret query values replaced. */
export function redactUrl(url: string): string {
  let path = routedPath(url);
  for (const pattern of secretSegments) path = path.replace(pattern, `$1${REDACTED}`);
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const [key = ''] = pair.split('=', 1);
      return secretQueryKey.test(key) && pair.includes('=') ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** pino's `redact` paths: credentials wherever a log line carries a body, headers or an error's details. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.code',
  '*.totp',
  '*.recoveryCode',
  'password',
  'token',
  'totp',
];
