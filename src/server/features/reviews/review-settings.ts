/**
 * Adds `app.reviewSettings`: the owner's review settings (docs/api.md, The owner's API), one row of `shop_settings`.
 * No row is the default: reviews are published at once. With `approvalRequired`, a new review waits hidden until the
 * owner shows it (decision 106).
 */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ReviewSettings } from '#shared/schemas/review';
import type { Database } from '../../db/database.ts';
import { shopSettings } from '../../db/schema.ts';
import type { Actor, Audit } from '../admin/index.ts';
import type { UnitOfWork } from '../mail/index.ts';

const KEY = 'reviews';
export const PUBLISH_AT_ONCE: ReviewSettings = { approvalRequired: false };

export interface ReviewSettingsStore {
  read(): Promise<ReviewSettings>;
  /** Replaces the settings, audited (`review-settings.updated`, before and after) in the same transaction. */
  save(settings: ReviewSettings, actor: Actor): Promise<ReviewSettings>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reviewSettings: ReviewSettingsStore;
  }
}

// NOTE: the column is JSON to the schema; this module is the only writer of its row, in this shape.
const fromRow = (value: unknown): ReviewSettings => ({
  approvalRequired: (value as Partial<ReviewSettings>).approvalRequired === true,
});

export function createReviewSettings(
  db: Database,
  deps: { unitOfWork: UnitOfWork; audit: Pick<Audit, 'record'> },
): ReviewSettingsStore {
  return {
    async read() {
      const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, KEY));
      return row ? fromRow(row.value) : PUBLISH_AT_ONCE;
    },
    save(settings, actor) {
      return deps.unitOfWork(async (tx) => {
        // Locks the row (when there is one) so two owners saving at once leave an audit trail in the order they won.
        const [locked] = await tx.select().from(shopSettings).where(eq(shopSettings.key, KEY)).for('update');
        const before = locked ? fromRow(locked.value) : PUBLISH_AT_ONCE;
        const after: ReviewSettings = { approvalRequired: settings.approvalRequired };
        await tx
          .insert(shopSettings)
          .values({ key: KEY, value: after })
          .onConflictDoUpdate({ target: shopSettings.key, set: { value: after, updatedAt: new Date() } });
        await deps.audit.record(tx, {
          actor,
          action: 'review-settings.updated',
          target: 'settings:reviews',
          before,
          after,
        });
        return after;
      });
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('reviewSettings', createReviewSettings(app.db, { unitOfWork: app.unitOfWork, audit: app.audit }));
  },
  { name: 'review-settings', dependencies: ['database', 'unit-of-work', 'audit'] },
);
