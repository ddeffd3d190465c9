/**
 * Promotions and delivery charges for API tests, written straight into the database (in pence, as the server keeps
 * them), so a test of the quote or the checkout does not depend on the owner's screens or their API.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { promotions, shopSettings } from '#server/db/schema';
import type { DeliveryCharges } from '#server/features/delivery/delivery-settings';
import type { TestApp } from '#tests/build-test-app';

export interface TestPromotion {
  id: string;
  code: string;
}

/** A promotion with a code of its own (`PREFIX-xxxxxx`), 10% off unless told otherwise. */
export async function insertPromotion(
  { app }: TestApp,
  values: Partial<typeof promotions.$inferInsert> & { prefix?: string } = {},
): Promise<TestPromotion> {
  const { prefix = 'TEST', ...rest } = values;
  const code = rest.code ?? `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const [row] = await app.db
    .insert(promotions)
    .values({ description: `${code} for a test`, type: 'percent', value: 10, ...rest, code })
    .returning({ id: promotions.id, code: promotions.code });
  if (!row) throw new Error('promotion insert returned no row');
  return row;
}

/** The shop's delivery charges from now on (the delivery feature's own row, in its shape). */
export async function setDelivery({ app }: TestApp, charges: DeliveryCharges): Promise<void> {
  await app.db
    .insert(shopSettings)
    .values({ key: 'delivery', value: charges })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: charges, updatedAt: sql`now()` } });
}

/** Back to the spec's free delivery. */
export async function freeDelivery({ app }: TestApp): Promise<void> {
  await app.db.delete(shopSettings).where(sql`${shopSettings.key} = 'delivery'`);
}
