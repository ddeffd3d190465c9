/**
 * Adds `app.promotionRepository`: promotion codes in `promotions` (docs/api.md, Delivery and promotions). A use is
 * a checkout naming the promotion (decision 096): held while the checkout holds its stock, kept once paid.
 */
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
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
  /**
   * A new promotion; `undefined` when its code is taken in any case (the unique index decides, so two owners making
   * the same code at once cannot both win).
   */
  create(input: NewPromotion, tx: Database): Promise<PromotionRecord | undefined>;
  /** Every promotion, newest first, each with `uses`: the paid orders that used it. */
  listWithUses(): Promise<(PromotionRecord & { uses: number })[]>;
  /** The promotion with its paid uses, or `undefined`. */
  findWithUses(id: string, tx?: Database): Promise<(PromotionRecord & { uses: number }) | undefined>;
  /** Switches it on or off, answering it before and after; `undefined` when there is no such promotion. */
  setActive(
    id: string,
    active: boolean,
    tx: Database,
  ): Promise<{ before: PromotionRecord; after: PromotionRecord } | undefined>;
}

export type NewPromotion = Omit<PromotionRecord, 'id' | 'active' | 'createdAt'>;

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

/** PostgreSQL's unique violation (23505). NOTE: Drizzle wraps the driver's error, whose code is then on `cause`. */
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === '23505' || cause?.code === '23505';
}

/** The paid orders that used each promotion (the one with `id`, or all): a held use never paid is not one the owner counts. */
async function paidUses(db: Database, id?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ promotionId: checkouts.promotionId, uses: sql<number>`count(*)::int` })
    .from(checkouts)
    .where(
      and(
        id === undefined ? isNotNull(checkouts.promotionId) : eq(checkouts.promotionId, id),
        isNotNull(checkouts.paidAt),
      ),
    )
    .groupBy(checkouts.promotionId);
  return new Map(rows.map((row) => [row.promotionId ?? '', row.uses]));
}

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

    async create(input, tx) {
      try {
        // A savepoint: the unique violation must not spoil the caller's transaction.
        const [row] = await tx.transaction((inner) => inner.insert(promotions).values(input).returning());
        return row && toPromotionRecord(row);
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async listWithUses() {
      const [rows, uses] = await Promise.all([
        appDb.select().from(promotions).orderBy(desc(promotions.createdAt), desc(promotions.id)),
        paidUses(appDb),
      ]);
      return rows.map((row) => ({ ...toPromotionRecord(row), uses: uses.get(row.id) ?? 0 }));
    },

    async findWithUses(id, db = appDb) {
      const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
      if (!row) return undefined;
      return { ...toPromotionRecord(row), uses: (await paidUses(db, id)).get(id) ?? 0 };
    },

    async setActive(id, active, tx) {
      const [locked] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      if (!locked) return undefined;
      const [row] = await tx.update(promotions).set({ active }).where(eq(promotions.id, id)).returning();
      return row && { before: toPromotionRecord(locked), after: toPromotionRecord(row) };
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('promotionRepository', createPromotionRepository(app.db));
  },
  { name: 'promotion-repository', dependencies: ['database'] },
);
