/**
 * Accounts as other domains see them: the plugins (`app.userRepository`, `app.auth` with `app.requireCustomer`),
 * the routes, and `Customer`, the logged-in customer a route reads from `request.customer`.
 */
export { type Auth, default as authPlugin, type Customer, hashPassword } from './auth.ts';
export { default as authRoutes } from './routes.ts';
export { createUserRepository, type UserRepository, default as userRepositoryPlugin } from './user-repository.ts';
