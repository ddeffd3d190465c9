/** Delivery charges as the app registers them: `app.deliverySettings`. */
export {
  type DeliveryCharges,
  default as deliverySettingsPlugin,
  type DeliverySettingsStore,
} from './delivery-settings.ts';
