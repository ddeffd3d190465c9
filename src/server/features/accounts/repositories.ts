/**
 * Adds the accounts domain's repositories, split by what they serve: `app.userRepository` (proven accounts and their
 * reset links) and `app.signupAttemptRepository` (signups waiting for their code). One plugin, so whatever depends on
 * either names one: 'account-repositories'.
 */
import fp from 'fastify-plugin';
import { createSignupAttemptRepository } from './signup-attempt-repository.ts';
import { createUserRepository } from './user-repository.ts';

export default fp(
  async (app) => {
    app.decorate('userRepository', createUserRepository(app.db));
    app.decorate('signupAttemptRepository', createSignupAttemptRepository(app.db));
  },
  { name: 'account-repositories', dependencies: ['database'] },
);
