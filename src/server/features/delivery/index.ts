/** Delivery charges as the app registers them: `app.deliverySettings`, the public and the owner's routes. */
export { default as deliveryAdminRoutes } from './admin-routes.ts';
export {
  type DeliveryCharges,
  default as deliverySettingsPlugin,
  type DeliverySettingsStore,
  toWireDelivery,
} from './delivery-settings.ts';
export { default as deliveryRoutes } from './routes.ts';
