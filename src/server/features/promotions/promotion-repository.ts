/**
 * Adds `app.promotionRepository`: promotion codes in `promotions` (docs/api.md, Delivery and promotions). A use is
 * a checkout naming the promotion (decision 096): held while the checkout holds its stock, kept once paid.
 */
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { PromotionType } from '#shared/schemas/promotion';
import type { Database } from '../../db/database.ts';
import { checkouts, promotions } from '../../db/schema.ts';

/** A promotion in pence: `value` a whole percentage for `percent`, pence for `fixed`, 0 for `free-delivery`. */
export interface PromotionRecord {
  id: string;
  code: string;
  description: string;
  type: PromotionType;
  value: number;
  minSpendPence: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
  active: boolean;
  createdAt: Date;
}

export interface PromotionRepository {
  /** The promotion with this code, whatever its case; switched-off ones too (the caller decides). */
  findByCode(code: string, tx?: Database): Promise<PromotionRecord | undefined>;
  /** The promotion, its row locked until `tx` ends: the uses counted next stay true until this checkout commits. */
  lockForUse(id: string, tx: Database): Promise<PromotionRecord | undefined>;
  /**
   * The uses of a promotion now: checkouts naming it that are paid or still hold their stock; with `email`, only
   * those of that address (any case).
   */
  usesHeld(id: string, tx: Database, email?: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    promotionRepository: PromotionRepository;
  }
}

type PromotionRow = typeof promotions.$inferSelect;

export const toPromotionRecord = (row: PromotionRow): PromotionRecord => ({
  id: row.id,
  code: row.code,
  description: row.description,
  type: row.type,
  value: row.value,
  minSpendPence: row.minSpendPence,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  maxUses: row.maxUses,
  oncePerCustomer: row.oncePerCustomer,
  active: row.active,
  createdAt: row.createdAt,
});

/** A checkout that counts as a use: paid, or still holding its stock. */
export const holdsUse = or(
  isNotNull(checkouts.paidAt),
  and(eq(checkouts.stockReserved, true), isNull(checkouts.stockReleasedAt)),
);

export function createPromotionRepository(appDb: Database): PromotionRepository {
  return {
    async findByCode(code, db = appDb) {
      const [row] = await db
        .select()
        .from(promotions)
        .where(eq(sql`lower(${promotions.code})`, code.trim().toLowerCase()));
      return row && toPromotionRecord(row);
    },

    async lockForUse(id, tx) {
      const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      return row && toPromotionRecord(row);
    },

    async usesHeld(id, tx, email) {
      const [row] = await tx
        .select({ uses: sql<number>`count(*)::int` })
        .from(checkouts)
        .where(
          and(
            eq(checkouts.promotionId, id),
            holdsUse,
            email === undefined ? undefined : eq(sql`lower(${checkouts.email})`, email.toLowerCase()),
          ),
        );
      return row?.uses ?? 0;
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('promotionRepository', createPromotionRepository(app.db));
  },
  { name: 'promotion-repository', dependencies: ['database'] },
);
