/**
 * `app.checkoutRepository`: pending checkouts and the stock they hold until paid, given back or abandoned
 * (docs/api.md, Stock; decision 077), and the retention of unpaid checkouts (decision 082).
 */
import { and, desc, eq, exists, gte, isNotNull, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';
import { checkouts, orders } from '../../db/schema.ts';
import { type CheckoutLine, type CheckoutRecord, type NewCheckout, toCheckoutRecord } from './order-records.ts';

export interface CheckoutRepository {
  /** Records a new checkout, inside `tx` when given (the stock it takes is taken in the same transaction). */
  createCheckout(checkout: NewCheckout, tx?: Database): Promise<CheckoutRecord>;
  /**
   * Marks an unpaid checkout that holds stock as having given it back, inside `tx`, and answers its lines for the
   * caller to return; undefined when it holds none (paid, given back already, or from before stock was counted).
   */
  releaseStock(checkoutId: string, tx: Database): Promise<CheckoutLine[] | undefined>;
  /**
   * Up to `limit` unpaid checkouts made before `before` that still hold stock, locked for `tx`; rows another
   * process's sweep holds are skipped, so several processes can sweep at once.
   */
  abandonedHoldingStock(before: Date, limit: number, tx: Database): Promise<string[]>;
  /**
   * The packs of each weight that one client's unpaid checkouts hold now, read inside `tx` (decision 104): the larger
   * of what its address holds and, for a customer, what its account holds from any address. Keyed by `weightKey`.
   */
  heldByClient(
    client: { address: string; userId: string | null },
    weights: readonly { productId: string; label: string }[],
    tx: Database,
  ): Promise<Map<string, number>>;
  /** The packs unpaid checkouts hold now, by product and weight (for the owner's stock figures). */
  reservedStock(): Promise<{ productId: string; label: string; qty: number }[]>;
  /**
   * Checkouts made since `since` and not paid, newest first, at most `limit`: the dashboard's view of carts that got as
   * far as paying (decision 098). `holdsStock`: still holding their packs.
   */
  unpaidSince(
    since: Date,
    limit: number,
  ): Promise<
    {
      id: string;
      createdAt: Date;
      email: string | null;
      lines: CheckoutLine[];
      amountPence: number;
      holdsStock: boolean;
    }[]
  >;
  /** Records the provider's session id once the provider has made the session. */
  attachSession(checkoutId: string, sessionId: string): Promise<void>;
  /** An anonymised checkout (decision 061) is unknown here. */
  findCheckoutBySession(sessionId: string): Promise<CheckoutRecord | undefined>;
  /**
   * Deletes checkouts made before `before` that can never become an order: unpaid, with no order, holding no stock
   * (given back, or never taken). `before` must lie well past any payment's reach (decision 082). Answers how many.
   */
  deleteUnpaidCheckouts(before: Date): Promise<number>;
}

/** One weight of one product, as `heldByClient` keys it. */
export const weightKey = (productId: string, label: string) => `${productId}\n${label}`;

declare module 'fastify' {
  interface FastifyInstance {
    checkoutRepository: CheckoutRepository;
  }
}

export function createCheckoutRepository(appDb: Database): CheckoutRepository {
  return {
    async createCheckout(checkout, db = appDb) {
      const [row] = await db.insert(checkouts).values(checkout).returning();
      if (!row) throw new Error('checkout insert returned no row');
      return toCheckoutRecord(row);
    },

    async releaseStock(checkoutId, tx) {
      const [row] = await tx
        .update(checkouts)
        // The address was kept only to bound what the client holds; once nothing is held it is not needed.
        .set({ stockReleasedAt: sql`now()`, clientAddress: null })
        .where(
          and(
            eq(checkouts.id, checkoutId),
            eq(checkouts.stockReserved, true),
            isNull(checkouts.paidAt),
            isNull(checkouts.stockReleasedAt),
          ),
        )
        .returning();
      return row ? toCheckoutRecord(row).lines : undefined;
    },

    async heldByClient(client, weights, tx) {
      const held = new Map<string, number>();
      if (weights.length === 0) return held;
      const wanted = sql.join(
        weights.map((weight) => sql`(${weight.productId}, ${weight.label})`),
        sql`, `,
      );
      const byAccount =
        client.userId === null ? sql`0` : sql`coalesce(sum(qty) filter (where user_id = ${client.userId}), 0)`;
      // NOTE: both drivers answer raw SQL as `{ rows }`; a line-per-row view of the JSON lines has no query-builder form.
      const result = (await tx.execute(sql`
        select product_id, label,
          greatest(coalesce(sum(qty) filter (where client_address = ${client.address}), 0), ${byAccount})::int as qty
        from (
          select ${checkouts.clientAddress} as client_address, ${checkouts.userId} as user_id,
            line->>'productId' as product_id, line->>'selectedWeight' as label, (line->>'qty')::int as qty
          from ${checkouts}, jsonb_array_elements(${checkouts.lines}) as line
          where ${checkouts.stockReserved} and ${checkouts.paidAt} is null and ${checkouts.stockReleasedAt} is null
            and (${checkouts.clientAddress} = ${client.address}
              ${client.userId === null ? sql`` : sql`or ${checkouts.userId} = ${client.userId}`})
        ) as holding
        where (product_id, label) in (${wanted})
        group by 1, 2`)) as unknown as { rows: { product_id: string; label: string; qty: number }[] };
      for (const row of result.rows) held.set(weightKey(row.product_id, row.label), row.qty);
      return held;
    },

    async reservedStock() {
      // NOTE: both drivers answer raw SQL as `{ rows }`; a line-per-row view of the JSON lines has no query-builder form.
      const result = (await appDb.execute(sql`
        select line->>'productId' as product_id, line->>'selectedWeight' as label, sum((line->>'qty')::int)::int as qty
        from ${checkouts}, jsonb_array_elements(${checkouts.lines}) as line
        where ${checkouts.stockReserved} and ${checkouts.paidAt} is null and ${checkouts.stockReleasedAt} is null
        group by 1, 2`)) as unknown as { rows: { product_id: string; label: string; qty: number }[] };
      return result.rows.map((row) => ({ productId: row.product_id, label: row.label, qty: row.qty }));
    },

    async abandonedHoldingStock(before, limit, tx) {
      const rows = await tx
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(
          and(
            eq(checkouts.stockReserved, true),
            isNull(checkouts.paidAt),
            isNull(checkouts.stockReleasedAt),
            lt(checkouts.createdAt, before),
          ),
        )
        .orderBy(checkouts.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((row) => row.id);
    },

    async unpaidSince(since, limit) {
      const rows = await appDb
        .select()
        .from(checkouts)
        .where(and(isNull(checkouts.paidAt), isNull(checkouts.anonymisedAt), gte(checkouts.createdAt, since)))
        .orderBy(desc(checkouts.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt,
        email: row.email,
        // NOTE: the column is JSON to the schema; createCheckout is its only writer, so the lines are CheckoutLines.
        lines: row.lines as CheckoutLine[],
        amountPence: row.amountPence,
        holdsStock: row.stockReserved && row.stockReleasedAt === null,
      }));
    },

    async attachSession(checkoutId, sessionId) {
      await appDb.update(checkouts).set({ sessionId }).where(eq(checkouts.id, checkoutId));
    },

    async findCheckoutBySession(sessionId) {
      const [row] = await appDb
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.sessionId, sessionId), isNull(checkouts.anonymisedAt)));
      return row && toCheckoutRecord(row);
    },

    deleteUnpaidCheckouts: (before) =>
      deleteInBatches(appDb, {
        table: checkouts,
        key: checkouts.id,
        where: and(
          isNull(checkouts.paidAt),
          lt(checkouts.createdAt, before),
          // Stock still held is the stock sweep's to give back first; deleting the row would lose it for good.
          or(eq(checkouts.stockReserved, false), isNotNull(checkouts.stockReleasedAt)),
          // Paid checkouts all have orders; this guards the books should a row ever say otherwise.
          not(exists(appDb.select({ one: sql`1` }).from(orders).where(eq(orders.checkoutId, checkouts.id)))),
        ),
      }),
  };
}
