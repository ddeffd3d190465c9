/**
 * The account service's two ways to a new password (decision 102): a reset by a mailed link, and a change by the
 * logged-in customer. Both refuse a common password, end the account's other sessions and mail the account's address
 * a notice in the same unit of work. Part of `app.accounts` (service.ts), split out to keep each file short.
 */
import { pageRoutes } from '#shared/page-routes';
import { HttpError } from '../../errors.ts';
import { passwordChangedMail, type UnitOfWork } from '../mail/index.ts';
import { type Auth, hashResetToken } from './auth.ts';
import { authMessages } from './messages.ts';
import { refuseCommonPassword } from './password-policy.ts';
import type { AccountService } from './service.ts';
import type { UserRecord, UserRepository } from './user-repository.ts';

export function createPasswordChanges(deps: {
  auth: Auth;
  users: UserRepository;
  unitOfWork: UnitOfWork;
  publicUrl: string;
  /** The account behind a session, once the password typed for it is right; else 401 naming the field. */
  provenAccount(customerId: string, password: string, field: string, wrong: string): Promise<UserRecord>;
}): Pick<AccountService, 'resetPassword' | 'changePassword'> {
  const { auth, users, unitOfWork, publicUrl, provenAccount } = deps;

  /** The notice of a new password, to the account's address: when, and what to do if it was not them. */
  function passwordNotice(account: { email: string; name: string }, how: 'changed' | 'reset') {
    return passwordChangedMail({
      to: account.email,
      name: account.name,
      how,
      at: new Date(),
      resetLink: `${publicUrl}${pageRoutes.forgotPassword}`,
      contactLink: `${publicUrl}${pageRoutes.contact}`,
    });
  }

  return {
    async resetPassword(token, password) {
      refuseCommonPassword(password, undefined);
      const passwordHash = await auth.hashPassword(password);
      const outcome = await unitOfWork(async (tx, queueMail) => {
        const found = await users.consumePasswordResetToken(hashResetToken(token), tx);
        if (!found) return 'invalid';
        if (found.expired) return 'expired';
        const account = await users.findById(found.userId, tx);
        if (!account) return 'invalid';
        // Thrown inside the unit of work, so the link is not used up by a refused password.
        refuseCommonPassword(password, account.email);
        await users.setPassword(found.userId, passwordHash, tx);
        await queueMail(passwordNotice(account, 'reset'));
        return { userId: account.id };
      });
      if (outcome === 'invalid') throw new HttpError(400, authMessages.resetLinkInvalid);
      if (outcome === 'expired') throw new HttpError(400, authMessages.resetLinkExpired);
      return { message: authMessages.passwordReset, userId: outcome.userId };
    },

    async changePassword(customer, currentPassword, password) {
      const account = await provenAccount(
        customer.id,
        currentPassword,
        'currentPassword',
        authMessages.wrongCurrentPassword,
      );
      refuseCommonPassword(password, account.email);
      const passwordHash = await auth.hashPassword(password);
      const tokenVersion = await unitOfWork(async (tx, queueMail) => {
        const version = await users.setPassword(account.id, passwordHash, tx);
        if (version !== undefined) await queueMail(passwordNotice(account, 'changed'));
        return version;
      });
      if (tokenVersion === undefined)
        throw new HttpError(401, authMessages.wrongCurrentPassword, { field: 'currentPassword' });
      const token = await auth.issueSessionToken({ id: account.id, tokenVersion });
      return { message: authMessages.passwordChanged, token };
    },
  };
}
