/** The contact form as the app registers it: its repository plugin (`app.contactRepository`) and its routes. */
export { default as contactAdminRoutes } from './admin-routes.ts';
export { default as contactRepositoryPlugin } from './contact-repository.ts';
export { default as contactRoutes } from './routes.ts';
