/**
 * Turning an account's second login step off from the server's terminal (`npm run totp:off`): the way back in when
 * the step cannot be checked any more, as after a change of JWT_SECRET (decision 103), or when an owner has lost both
 * the phone and the recovery codes.
 */
import type { Database } from '../../db/database.ts';
import { createTotpRepository } from './totp-repository.ts';
import { createUserRepository } from './user-repository.ts';

/** 'off' when the account had the step (on or being set up) and has it no more; 'none' when it had none. */
export async function turnOffSecondStep(db: Database, email: string): Promise<'off' | 'none' | 'no-account'> {
  const account = await createUserRepository(db).findByEmail(email);
  if (!account) return 'no-account';
  const totp = createTotpRepository(db);
  if (!(await totp.find(account.id))) return 'none';
  await totp.remove(account.id);
  return 'off';
}
