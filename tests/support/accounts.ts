/** Customers put straight into the database for tests that need one but are not about signing up. */
import { randomBytes } from 'node:crypto';
import type { Role } from '#shared/schemas/user';
import type { TestApp } from '#tests/build-test-app';

export function uniqueEmail(label = 'shopper'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface TestCustomer {
  id: string;
  name: string;
  email: string;
  password: string;
  /** A live session token (verified customers only). */
  token: string | undefined;
}

/**
 * A proven account with a live session token; or, with `verified: false`, only a signup attempt waiting for its
 * code (no account: `id` is the attempt's, and no code has been mailed).
 */
export async function insertCustomer(
  { app }: TestApp,
  {
    name = 'Ada Lovelace',
    email = uniqueEmail(),
    password = 'roasted-almonds-42',
    verified = true,
    role = 'customer' as Role,
  } = {},
): Promise<TestCustomer> {
  const passwordHash = await app.auth.hashPassword(password);
  if (!verified) {
    const id = randomBytes(18).toString('base64url');
    await app.signupAttemptRepository.createSignupAttempt({ id, email, name, passwordHash, codeHash: null }, 600);
    return { id, name, email, password, token: undefined };
  }
  const user = await app.userRepository.create({ name, email, passwordHash, role });
  return { id: user.id, name, email, password, token: await app.auth.issueSessionToken(user) };
}

export function bearer(token: string | undefined): { authorization: string } {
  return { authorization: `Bearer ${token ?? ''}` };
}
