/**
 * Accounts as other domains see them: the plugins (`app.userRepository`, `app.auth` with `app.requireCustomer`),
 * the routes, and `Customer`, the logged-in customer a route reads from `request.customer`.
 */
export { default as authPlugin, type Customer } from './auth.ts';
export { default as authRoutes } from './routes.ts';
export { default as userRepositoryPlugin } from './user-repository.ts';
