/** Reviews as the app registers them: their plugins (`app.reviewRepository`, `app.reviewPhotos`) and their routes. */
export { default as reviewPhotosPlugin } from './photos.ts';
export { default as reviewRepositoryPlugin } from './review-repository.ts';
export { default as reviewsRoutes } from './routes.ts';
