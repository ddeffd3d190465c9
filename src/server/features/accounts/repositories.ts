/**
 * Adds the accounts domain's repositories, split by what they serve: `app.userRepository` (proven accounts and their
 * reset links), `app.signupAttemptRepository` (signups waiting for their code), `app.sessionRepository` (live
 * sessions and the networks logged in from) and `app.totpRepository` (the second login step of staff and admin
 * accounts). One plugin, so whatever depends on any names one: 'account-repositories'.
 */
import fp from 'fastify-plugin';
import { createSessionRepository } from './session-repository.ts';
import { createSignupAttemptRepository } from './signup-attempt-repository.ts';
import { createTotpRepository } from './totp-repository.ts';
import { createUserRepository } from './user-repository.ts';

export default fp(
  async (app) => {
    app.decorate('userRepository', createUserRepository(app.db));
    app.decorate('signupAttemptRepository', createSignupAttemptRepository(app.db));
    app.decorate('totpRepository', createTotpRepository(app.db));
    app.decorate('sessionRepository', createSessionRepository(app.db));
  },
  { name: 'account-repositories', dependencies: ['database'] },
);
