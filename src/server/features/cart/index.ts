/** The customer's cart as the app registers it: its plugins (`app.cartRepository`, `app.cart`) and its routes. */
export { default as cartRepositoryPlugin } from './cart-repository.ts';
export { default as cartRoutes } from './routes.ts';
export { default as cartPlugin } from './service.ts';
