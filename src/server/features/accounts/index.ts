/**
 * Accounts as other domains see them: the plugins (`app.userRepository`, `app.signupAttemptRepository`, `app.auth` with `app.requireCustomer`,
 * `app.accounts`), the routes, and `Customer`, the logged-in customer a route reads from `request.customer`.
 */
export { type Auth, default as authPlugin, type Customer, hashPassword } from './auth.ts';
export { default as accountsPlugin } from './plugin.ts';
export type { AccountService } from './service.ts';
export { default as authRoutes } from './routes.ts';
export { default as staffRepositoryPlugin } from './staff-repository.ts';
export { default as totpRoutes } from './totp-routes.ts';
export { staffAdminRoutes, staffInviteRoutes } from './staff-routes.ts';
export { default as accountRepositoriesPlugin } from './repositories.ts';
export { createUserRepository, type UserRepository } from './user-repository.ts';
export { turnOffSecondStep } from './totp-off.ts';
export { default as addressBookPlugin } from './address-book.ts';
export { default as addressRoutes } from './address-routes.ts';
