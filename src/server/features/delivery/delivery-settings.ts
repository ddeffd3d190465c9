/**
 * Adds `app.deliverySettings`: the owner's delivery charges (docs/api.md, Delivery and promotions), one row of
 * `shop_settings` kept in pence. No row is the default, the spec's free delivery.
 */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { penceToPounds, poundsToPence } from '#shared/money';
import { z } from 'zod';
import type { DeliverySettings } from '#shared/schemas/delivery';
import type { Database } from '../../db/database.ts';
import { shopSettings } from '../../db/schema.ts';
import type { Actor, Audit } from '../admin/index.ts';
import type { UnitOfWork } from '../mail/index.ts';

/** The settings as the server keeps and prices with them: pence, and `null` surcharge where the shop does not deliver. */
export interface DeliveryCharges {
  standardPence: number;
  freeOverPence: number | null;
  zones: { name: string; postcodes: string[]; surchargePence: number | null }[];
}

/**
 * The charges as both routes answer them: the shared schema's shape without its input transforms (upper-casing a
 * prefix), which a response serializer cannot run. What is answered was parsed by the shared schema on the way in.
 */
export const DeliverySettingsAnswerSchema = z.object({
  standard: z.number(),
  freeOver: z.number().nullable(),
  zones: z.array(z.object({ name: z.string(), postcodes: z.array(z.string()), surcharge: z.number().nullable() })),
});

const KEY = 'delivery';
export const FREE_DELIVERY: DeliveryCharges = { standardPence: 0, freeOverPence: null, zones: [] };

export const toWireDelivery = (charges: DeliveryCharges): DeliverySettings => ({
  standard: penceToPounds(charges.standardPence),
  freeOver: charges.freeOverPence === null ? null : penceToPounds(charges.freeOverPence),
  zones: charges.zones.map((zone) => ({
    name: zone.name,
    postcodes: zone.postcodes,
    surcharge: zone.surchargePence === null ? null : penceToPounds(zone.surchargePence),
  })),
});

export const fromWireDelivery = (settings: DeliverySettings): DeliveryCharges => ({
  standardPence: poundsToPence(settings.standard),
  freeOverPence: settings.freeOver === null ? null : poundsToPence(settings.freeOver),
  zones: settings.zones.map((zone) => ({
    name: zone.name,
    postcodes: zone.postcodes,
    surchargePence: zone.surcharge === null ? null : poundsToPence(zone.surcharge),
  })),
});

export interface DeliverySettingsStore {
  /** The charges now, inside `tx` when given (a checkout prices with what its transaction sees). */
  read(tx?: Database): Promise<DeliveryCharges>;
  /** Replaces the charges, audited (`delivery.updated`, before and after in pounds) in the same transaction. */
  save(charges: DeliveryCharges, actor: Actor): Promise<DeliveryCharges>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deliverySettings: DeliverySettingsStore;
  }
}

export function createDeliverySettings(
  appDb: Database,
  deps?: { unitOfWork: UnitOfWork; audit: Pick<Audit, 'record'> },
): DeliverySettingsStore {
  async function read(db = appDb): Promise<DeliveryCharges> {
    const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, KEY));
    // NOTE: the column is JSON to the schema; this module is the only writer of its row, in this shape.
    return row ? (row.value as DeliveryCharges) : FREE_DELIVERY;
  }
  return {
    read,
    async save(charges, actor) {
      if (!deps) throw new Error('delivery settings were made without a unit of work to save in');
      return deps.unitOfWork(async (tx) => {
        // Locks the row (when there is one) so two owners saving at once leave an audit trail in the order they won.
        const [locked] = await tx.select().from(shopSettings).where(eq(shopSettings.key, KEY)).for('update');
        const before = locked ? (locked.value as DeliveryCharges) : FREE_DELIVERY;
        await tx
          .insert(shopSettings)
          .values({ key: KEY, value: charges })
          .onConflictDoUpdate({ target: shopSettings.key, set: { value: charges, updatedAt: new Date() } });
        await deps.audit.record(tx, {
          actor,
          action: 'delivery.updated',
          target: 'settings:delivery',
          before: toWireDelivery(before),
          after: toWireDelivery(charges),
        });
        return charges;
      });
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('deliverySettings', createDeliverySettings(app.db, { unitOfWork: app.unitOfWork, audit: app.audit }));
  },
  { name: 'delivery-settings', dependencies: ['database', 'unit-of-work', 'audit'] },
);
