/** Promotion codes as the app registers them: `app.promotionRepository`. */
export {
  default as promotionRepositoryPlugin,
  type PromotionRecord,
  type PromotionRepository,
} from './promotion-repository.ts';
