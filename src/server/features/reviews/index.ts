/**
 * Reviews as the app registers them: their plugins (`app.reviewRepository`, `app.reviewPhotos`, `app.reviews`,
 * `app.reviewsAdmin`, `app.reviewSettings`), their routes, and `toWireReview` (the server-rendered reviews page holds them in the API's
 * shape).
 */
export { default as reviewsAdminRoutes } from './admin-routes.ts';
export { default as reviewPhotosPlugin } from './photos.ts';
export { default as reviewRepositoryPlugin, toWireReview } from './review-repository.ts';
export { default as reviewSettingsPlugin } from './review-settings.ts';
export { default as reviewsAdminPlugin } from './reviews-admin.ts';
export { default as reviewsRoutes } from './routes.ts';
export { default as reviewsPlugin } from './service.ts';
