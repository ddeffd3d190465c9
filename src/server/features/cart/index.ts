/** The customer's cart as the app registers it: its repository plugin (`app.cartRepository`) and its routes. */
export { default as cartRepositoryPlugin } from './cart-repository.ts';
export { default as cartRoutes } from './routes.ts';
