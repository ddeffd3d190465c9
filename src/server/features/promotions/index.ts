/** Promotion codes as the app registers them: `app.promotionRepository`, `app.promotionAdmin` and the owner's routes. */
export { default as promotionsAdminRoutes } from './admin-routes.ts';
export { default as promotionAdminPlugin } from './promotion-admin.ts';
export {
  default as promotionRepositoryPlugin,
  type PromotionRecord,
  type PromotionRepository,
} from './promotion-repository.ts';
