/** Customers put straight into the database for tests that need one but are not about signing up. */
import { randomBytes } from 'node:crypto';
import type { TestApp } from './build-test-app.ts';

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

export async function createCustomer(
  { app }: TestApp,
  { name = 'Ada Lovelace', email = uniqueEmail(), password = 'roasted-almonds-42', verified = true } = {},
): Promise<TestCustomer> {
  const passwordHash = await app.auth.hashPassword(password);
  const user = await app.userRepository.create({ name, email, passwordHash });
  if (!verified) return { id: user.id, name, email, password, token: undefined };
  await app.userRepository.markVerified(user.id);
  return { id: user.id, name, email, password, token: await app.auth.issueSessionToken(user) };
}

export function bearer(token: string | undefined): { authorization: string } {
  return { authorization: `Bearer ${token ?? ''}` };
}
