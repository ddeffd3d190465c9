/**
 * The catalog as other domains see it: its plugins (`app.productRepository`, `app.catalog`, `app.productImages`,
 * `app.catalogAdmin`, `app.batches`), its routes, the product record's types, and `toWireProduct` (the cart prices its lines with the
 * shared rules, which read the wire shape).
 */
export { default as batchesPlugin } from './batch-service.ts';
export { default as batchRoutes } from './batch-routes.ts';
export { default as catalogAdminPlugin } from './catalog-admin.ts';
export { default as catalogAdminRoutes } from './admin-routes.ts';
export { default as catalogPlugin, toWireProduct } from './catalog.ts';
export { default as lowStockAlertsPlugin, type LowWeight } from './low-stock-alerts.ts';
export { default as productImagesPlugin } from './product-images.ts';
export {
  default as productRepositoryPlugin,
  type ProductRecord,
  type ProductRepository,
  type StockLine,
  type StockTaken,
} from './product-repository.ts';
export { default as productsRoutes } from './routes.ts';
