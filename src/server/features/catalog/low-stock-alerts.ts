/**
 * Adds `app.lowStockAlerts`: a weight whose counted stock falls to the owner's threshold is mailed to SHOP_EMAIL once
 * (decision 098), and listed on the dashboard. A sweep rather than a step of taking stock, so no checkout waits on it
 * and a crash loses nothing: the mail is queued in the transaction that marks the weights alerted. Once a weight's
 * stock is above its threshold again (restocked, or packs given back), its mark is cleared, so the next fall mails
 * again.
 */
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { products, productWeights } from '../../db/schema.ts';
import { runPeriodically } from '../../lib/periodic-task.ts';
import { lowStockShopMail, type UnitOfWork } from '../mail/index.ts';

export const LOW_STOCK_ALERT_EVERY_MS = 30_000;

export interface LowWeight {
  productId: string;
  name: string;
  label: string;
  stock: number;
  lowStockAt: number;
}

export interface LowStockAlerts {
  /** Mails the shop about weights that have fallen to their threshold since the last mail; answers how many. */
  sweep(): Promise<number>;
  /** Every weight at or below its threshold now, for the dashboard, by product name. */
  runningLow(): Promise<LowWeight[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lowStockAlerts: LowStockAlerts;
  }
}

const low = and(
  isNotNull(productWeights.lowStockAt),
  isNotNull(productWeights.stock),
  lte(productWeights.stock, productWeights.lowStockAt),
);

const lowColumns = {
  productId: productWeights.productId,
  name: products.name,
  label: productWeights.label,
  stock: sql<number>`${productWeights.stock}`,
  lowStockAt: sql<number>`${productWeights.lowStockAt}`,
};

export function createLowStockAlerts(deps: {
  db: Database;
  unitOfWork: UnitOfWork;
  shopEmail: string;
}): LowStockAlerts {
  const { db, unitOfWork, shopEmail } = deps;
  return {
    async sweep() {
      return unitOfWork(async (tx, queueMail) => {
        // Back above the threshold: ready to mail again at the next fall.
        await tx
          .update(productWeights)
          .set({ lowStockAlertedAt: null })
          .where(
            and(
              isNotNull(productWeights.lowStockAlertedAt),
              or(
                isNull(productWeights.lowStockAt),
                isNull(productWeights.stock),
                sql`${productWeights.stock} > ${productWeights.lowStockAt}`,
              ),
            ),
          );
        const fallen = await tx
          .select(lowColumns)
          .from(productWeights)
          .innerJoin(products, eq(products.id, productWeights.productId))
          .where(and(low, isNull(productWeights.lowStockAlertedAt), isNull(products.hiddenAt)))
          .orderBy(asc(products.name), asc(productWeights.position))
          .for('update', { of: productWeights, skipLocked: true });
        if (fallen.length === 0) return 0;
        await queueMail(lowStockShopMail({ to: shopEmail, weights: fallen }));
        for (const weight of fallen) {
          await tx
            .update(productWeights)
            .set({ lowStockAlertedAt: sql`now()` })
            .where(and(eq(productWeights.productId, weight.productId), eq(productWeights.label, weight.label)));
        }
        return fallen.length;
      });
    },

    runningLow: () =>
      db
        .select(lowColumns)
        .from(productWeights)
        .innerJoin(products, eq(products.id, productWeights.productId))
        .where(and(low, isNull(products.hiddenAt)))
        .orderBy(asc(products.name), asc(productWeights.position)),
  };
}

export default fp<{ config: Pick<Config, 'shopEmail' | 'shopAlerts'> }>(
  async (app, { config }) => {
    const alerts = createLowStockAlerts({ db: app.db, unitOfWork: app.unitOfWork, shopEmail: config.shopEmail });
    app.decorate('lowStockAlerts', alerts);
    if (!config.shopAlerts) return;
    runPeriodically(app, {
      everyMs: LOW_STOCK_ALERT_EVERY_MS,
      failureMessage: 'the low-stock alert sweep failed',
      async run() {
        const alerted = await alerts.sweep();
        if (alerted > 0) app.log.info({ alerted }, 'low stock mailed to the shop');
      },
    });
  },
  { name: 'low-stock-alerts', dependencies: ['unit-of-work'] },
);
