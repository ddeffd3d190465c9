/** Batches for API tests: receive one as the owner, buy packs as a guest, read a batch's counts from the database. */
import { sql } from 'drizzle-orm';
import type { Product } from '#shared/schemas/product';
import { bearer } from '#tests/accounts';
import type { TestApp } from '#tests/build-test-app';
import { guestAddress, payOnTestPage } from '#tests/checkout';
import { queryRows } from '#tests/db';

/** `YYYY-MM-DD`, `days` from today in London. */
export function londonDay(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
}

export function receiveBatch(
  { app }: TestApp,
  token: string | undefined,
  productId: string,
  body: { weight: string; code: string; bestBefore: string; quantity: number },
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/batches`,
    headers: bearer(token),
    payload: body,
  });
}

export async function productOf({ app }: TestApp, productId: string): Promise<Product> {
  return (await app.inject({ method: 'GET', url: `/api/products/${productId}` })).json() as Product;
}

/** A guest's checkout of `qty` packs of one weight, from its own address unless one is given. */
export async function startBuying(
  testApp: TestApp,
  productId: string,
  label: string,
  qty: number,
  { email, remoteAddress }: { email?: string; remoteAddress?: string } = {},
) {
  const weight = (await productOf(testApp, productId)).weights.find((each) => each.label === label);
  if (!weight) throw new Error(`${productId} has no ${label}`);
  const address = guestAddress(email ? { email } : {});
  const payload = {
    orderItems: [{ _id: productId, qty, selectedWeight: label, price: weight.price }],
    shippingAddress: address,
    totalPrice: Math.round(weight.price * 100 * qty) / 100,
  };
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/orders/create-stripe-session',
    ...(remoteAddress ? { remoteAddress } : {}),
    payload,
  });
  return { response, payload, address };
}

/** A guest's paid order of `qty` packs; throws unless it was placed. */
export async function buy(
  testApp: TestApp,
  productId: string,
  label: string,
  qty: number,
  options: { email?: string; remoteAddress?: string } = {},
): Promise<{ id: string; number: string; email: string }> {
  const { response, payload, address } = await startBuying(testApp, productId, label, qty, options);
  if (response.statusCode !== 200) throw new Error(`checkout: ${response.statusCode} ${response.body}`);
  const sessionId = (response.json() as { id: string }).id;
  await payOnTestPage(testApp, sessionId);
  const placed = await testApp.app.inject({
    method: 'POST',
    url: '/api/orders/guest-order',
    payload: { ...payload, sessionId, guestEmail: address.email },
  });
  if (placed.statusCode >= 300) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
  return { id: placed.json()._id, number: placed.json().orderNumber, email: address.email };
}

/** A batch's counts as the database holds them. */
export async function batchRow(testApp: TestApp, code: string) {
  const [row] = await queryRows<{ remaining: number; withdrawn: number; quantity: number }>(
    testApp,
    sql`select remaining, withdrawn, quantity from stock_batches where code = ${code}`,
  );
  if (!row) throw new Error(`no batch ${code}`);
  return { remaining: Number(row.remaining), withdrawn: Number(row.withdrawn), quantity: Number(row.quantity) };
}

export async function weightStock(testApp: TestApp, productId: string, label: string): Promise<number | null> {
  const [row] = await queryRows<{ stock: number | null }>(
    testApp,
    sql`select stock from product_weights where product_id = ${productId} and label = ${label}`,
  );
  return row?.stock ?? null;
}
