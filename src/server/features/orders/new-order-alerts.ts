/**
 * Adds `app.newOrderAlerts`: each paid order mailed to SHOP_EMAIL once (decision 098). A sweep, not a step of placing
 * the order: whichever of the verify call, the order call, the webhook or the test page made the order, and whether
 * or not the process died just after, the next sweep finds it unannounced. The mail is queued in the same transaction
 * that marks the order announced, so it goes exactly once; rows another process is sweeping are skipped.
 */
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { orders } from '../../db/schema.ts';
import { runPeriodically } from '../../lib/periodic-task.ts';
import { newOrderShopMail, type UnitOfWork } from '../mail/index.ts';
import { formatOrderNumber, withLines } from './order-records.ts';

/** How often the sweep looks: a new order reaches the shop's mailbox within about this long. */
export const NEW_ORDER_ALERT_EVERY_MS = 20_000;
const BATCH = 50;

export interface NewOrderAlerts {
  /** Mails the shop about every order not yet announced; answers how many. */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    newOrderAlerts: NewOrderAlerts;
  }
}

export function createNewOrderAlerts(deps: { unitOfWork: UnitOfWork; shopEmail: string }): NewOrderAlerts {
  const { unitOfWork, shopEmail } = deps;
  return {
    async sweep() {
      let announced = 0;
      for (;;) {
        const batch = await unitOfWork(async (tx, queueMail) => {
          const rows = await tx
            .select()
            .from(orders)
            .where(and(isNull(orders.shopNotifiedAt), isNull(orders.anonymisedAt)))
            .orderBy(asc(orders.createdAt))
            .limit(BATCH)
            .for('update', { skipLocked: true });
          if (rows.length === 0) return 0;
          for (const order of await withLines(tx, rows)) {
            await queueMail(
              newOrderShopMail({
                to: shopEmail,
                orderNumber: formatOrderNumber(order.orderNumber),
                lines: order.lines,
                totalPence: order.totalPence,
                shippingAddress: order.shippingAddress,
                buyer: order.email,
              }),
            );
          }
          await tx
            .update(orders)
            .set({ shopNotifiedAt: sql`now()` })
            .where(
              inArray(
                orders.id,
                rows.map((row) => row.id),
              ),
            );
          return rows.length;
        });
        announced += batch;
        if (batch < BATCH) return announced;
      }
    },
  };
}

export default fp<{ config: Pick<Config, 'shopEmail' | 'shopAlerts'> }>(
  async (app, { config }) => {
    const alerts = createNewOrderAlerts({ unitOfWork: app.unitOfWork, shopEmail: config.shopEmail });
    app.decorate('newOrderAlerts', alerts);
    if (!config.shopAlerts) return;
    runPeriodically(app, {
      everyMs: NEW_ORDER_ALERT_EVERY_MS,
      failureMessage: 'the new-order alert sweep failed',
      async run() {
        const announced = await alerts.sweep();
        if (announced > 0) app.log.info({ announced }, 'new orders mailed to the shop');
      },
    });
  },
  { name: 'new-order-alerts', dependencies: ['unit-of-work'] },
);
