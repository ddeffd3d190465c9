/**
 * The contact form as the app registers it: its plugins (`app.contactRepository`, `app.contact`, `app.contactAdmin`)
 * and its routes.
 */
export { default as contactAdminPlugin } from './contact-admin.ts';
export { default as contactAdminRoutes } from './admin-routes.ts';
export { default as contactRepositoryPlugin } from './contact-repository.ts';
export { default as contactRoutes } from './routes.ts';
export { default as contactPlugin } from './service.ts';
