/**
 * Adds `app.accounts`, the account service (signup, login, password reset and change, account deletion), made once
 * here with what it needs from the other domains: deleting an account anonymises the customer's orders and forgets
 * the address's contact messages and sent mail, in the deletion's own transaction (decisions 061, 082).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { type AccountService, createAccountService } from './service.ts';
import { createStaffService, type StaffService } from './staff-service.ts';
import { createTotpService, type TotpService } from './totp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
    staff: StaffService;
    totp: TotpService;
  }
}

export interface AccountsPluginOptions {
  config: Pick<Config, 'publicUrl'>;
}

export default fp<AccountsPluginOptions>(
  async (app, { config }) => {
    app.decorate(
      'staff',
      createStaffService({
        staffRepository: app.staffRepository,
        unitOfWork: app.unitOfWork,
        audit: app.audit,
        publicUrl: config.publicUrl,
      }),
    );
    app.decorate(
      'totp',
      createTotpService({
        repository: app.totpRepository,
        sealKey: app.auth.deriveKey('totp-secret-seal-key'),
        recoveryKey: app.auth.deriveKey('totp-recovery-code-key'),
        onUnreadable: (userId) =>
          app.log.error(
            { userId },
            'a two-step login secret does not open with this session secret: JWT_SECRET changed since it was set up; npm run totp:off -- --email E turns it off',
          ),
      }),
    );
    app.decorate(
      'accounts',
      createAccountService({
        auth: app.auth,
        users: app.userRepository,
        sessions: app.sessionRepository,
        attempts: app.signupAttemptRepository,
        unitOfWork: app.unitOfWork,
        runInBackground: app.background.run,
        publicUrl: config.publicUrl,
        secondStep: app.totp.checkLogin,
        async forgetElsewhere(customer, tx) {
          await app.orderRepository.anonymiseCustomer(customer, tx);
          await app.contactRepository.deleteFrom(customer.email, tx);
          await app.mailer.forgetAddress(customer.email, tx);
        },
      }),
    );
  },
  {
    name: 'accounts',
    dependencies: [
      'auth',
      'account-repositories',
      'unit-of-work',
      'background',
      'order-repositories',
      'contact-repository',
      'mailer',
      'staff-repository',
      'audit',
    ],
  },
);
