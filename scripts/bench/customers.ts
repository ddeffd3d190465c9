/**
 * Bench customers: verified accounts written straight into the database (as the e2e fixtures do, no sign-up mails),
 * then logged in through the API, so their tokens are the shop's own.
 */
import { hash as argon2Hash } from '@node-rs/argon2';
import type { Database } from '../../src/server/db/database.ts';
import { users } from '../../src/server/db/schema.ts';

export const BENCH_PASSWORD = 'bench-password-not-secret';

/** `count` verified customers named `${prefix}-1@example.com` onwards, all with BENCH_PASSWORD. */
export async function seedCustomers(
  db: Database,
  count: number,
  prefix = 'bench-customer',
): Promise<{ id: string; email: string }[]> {
  const passwordHash = await argon2Hash(BENCH_PASSWORD);
  return db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `Bench Customer ${index + 1}`,
        email: `${prefix}-${index + 1}@example.com`,
        passwordHash,
        verifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email });
}

/** Runs `work` with at most `limit` of them in flight. */
export async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** A token for one account, from POST /api/auth/login. */
export async function logIn(baseUrl: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login of ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Tokens for the accounts, in the order of `emails`, a few logins at a time (each is an argon2 check). */
export async function logInAll(baseUrl: string, emails: string[]): Promise<string[]> {
  const tokens = new Map<string, string>();
  await inBatches(emails, 8, async (email) => {
    tokens.set(email, await logIn(baseUrl, email));
  });
  return emails.map((email) => tokens.get(email)!);
}
