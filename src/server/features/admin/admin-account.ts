/**
 * The shop's first admin (docs/api.md, The owner's API): ADMIN_EMAIL and ADMIN_PASSWORD at start-up, or `npm run admin:create`. The
 * account with that address is made (proven, with that password) or, when it exists, made an admin with its password
 * left as it is: a restart with the variables still set never resets a password the owner has since changed.
 */
import type { Auth, UserRepository } from '../accounts/index.ts';

/** The name of an admin made from ADMIN_EMAIL, which gives none. */
export const ADMIN_ACCOUNT_NAME = 'Shop admin';

export interface AdminAccount {
  email: string;
  name: string;
  password: string;
}

export type AdminAccountResult = 'created' | 'promoted';

export async function ensureAdminAccount(
  { userRepository, auth }: { userRepository: UserRepository; auth: Pick<Auth, 'hashPassword'> },
  { email, name, password }: AdminAccount,
): Promise<AdminAccountResult> {
  if (await userRepository.promoteToAdmin(email)) return 'promoted';
  const passwordHash = await auth.hashPassword(password);
  try {
    await userRepository.create({ name, email, passwordHash, role: 'admin' });
    return 'created';
  } catch (error) {
    // Made by someone else meanwhile (another process starting, a signup): promote that one.
    if (!isUniqueViolation(error) || !(await userRepository.promoteToAdmin(email))) throw error;
    return 'promoted';
  }
}

/** PostgreSQL's unique violation (23505). NOTE: Drizzle wraps the driver's error, whose code is then on `cause`. */
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === '23505' || cause?.code === '23505';
}
