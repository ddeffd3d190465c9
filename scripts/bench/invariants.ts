/**
 * What a load must leave true, checked on the shop's database once every server process has stopped, against what
 * the shop answered during the load (a `LoadRun`): each printed OK or FAILED. An answer that never came (a timeout,
 * or a request in flight when a scenario's time ran out) may or may not have taken effect, so it bounds the check
 * from above only.
 */
import { isNotNull } from 'drizzle-orm';
import type { ShippingAddress } from '../../src/shared/schemas/shipping-address.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import {
  cartLines,
  checkouts,
  mailQueue,
  orders,
  orderStatusChanges,
  productWeights,
} from '../../src/server/db/schema.ts';
import { formatOrderNumber } from '../../src/server/features/orders/order-records.ts';
import { orderConfirmationMail } from '../../src/server/features/mail/templates/order-confirmation-mail.ts';
import { orderStatusMail } from '../../src/server/features/mail/templates/order-status-mail.ts';
import type { LoadRun } from './load.ts';

/** How many times each key occurs. */
function tally<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

const mailKey = (to: string | null, subject: string) => `${to}\n${subject}`;

interface Verdict {
  name: string;
  /** The cases that break it, a few of them printed. */
  broken: string[];
  detail: string;
}

function print({ name, broken, detail }: Verdict) {
  console.log(`  ${name.padEnd(52)} ${broken.length === 0 ? 'OK' : 'FAILED'}  (${detail})`);
  for (const example of broken.slice(0, 5)) console.log(`      ${example}`);
  if (broken.length > 5) console.log(`      … and ${broken.length - 5} more`);
}

/** Prints each invariant OK or FAILED; true when all hold. */
export async function checkInvariants(handle: DatabaseHandle, run: LoadRun): Promise<boolean> {
  const { db } = handle;
  const allCheckouts = await db
    .select({
      id: checkouts.id,
      sessionId: checkouts.sessionId,
      paidAt: checkouts.paidAt,
      lines: checkouts.lines,
      stockReserved: checkouts.stockReserved,
      stockReleasedAt: checkouts.stockReleasedAt,
    })
    .from(checkouts);
  const allOrders = await db
    .select({
      id: orders.id,
      checkoutId: orders.checkoutId,
      orderNumber: orders.orderNumber,
      email: orders.email,
      status: orders.status,
      shippingAddress: orders.shippingAddress,
      totalPence: orders.totalPence,
    })
    .from(orders);
  const mails = tally(await db.select({ to: mailQueue.to, subject: mailQueue.subject }).from(mailQueue), (mail) =>
    mailKey(mail.to, mail.subject),
  );
  const ordersPerCheckout = tally(allOrders, (order) => order.checkoutId);
  const verdicts: Verdict[] = [];

  // 1. Every payment the pay page accepted, and every checkout the database holds as paid, has exactly one order.
  const bySession = new Map(
    allCheckouts.flatMap((checkout) => (checkout.sessionId ? [[checkout.sessionId, checkout]] : [])),
  );
  const broken: string[] = [];
  for (const sessionId of run.paidSessions) {
    const checkout = bySession.get(sessionId);
    const count = checkout ? (ordersPerCheckout.get(checkout.id) ?? 0) : 0;
    if (!checkout?.paidAt || count !== 1)
      broken.push(
        `session ${sessionId}: ${checkout ? `paid ${Boolean(checkout.paidAt)}, ${count} orders` : 'no checkout'}`,
      );
  }
  const paidInDatabase = allCheckouts.filter((checkout) => checkout.paidAt);
  for (const checkout of paidInDatabase) {
    const count = ordersPerCheckout.get(checkout.id) ?? 0;
    if (count !== 1) broken.push(`checkout ${checkout.id} paid with ${count} orders`);
  }
  verdicts.push({
    name: 'every paid session has exactly one order',
    broken,
    detail: `${run.paidSessions.size} sessions the pay page accepted; ${paidInDatabase.length} paid checkouts in the database, seeded ones included`,
  });

  // 2. Counted stock never below zero, and what the checkouts hold plus what is on the shelf is what there was.
  const counted = await db
    .select({ productId: productWeights.productId, label: productWeights.label, stock: productWeights.stock })
    .from(productWeights)
    .where(isNotNull(productWeights.stock));
  verdicts.push({
    name: 'no stock below zero',
    broken: counted
      .filter((weight) => weight.stock! < 0)
      .map((weight) => `${weight.productId} ${weight.label}: ${weight.stock}`),
    detail: `${counted.length} counted weights: ${counted.map((weight) => `${weight.label} ${weight.stock} left`).join(', ')}`,
  });
  const held = new Map<string, number>();
  for (const checkout of allCheckouts) {
    if (!checkout.stockReserved || checkout.stockReleasedAt) continue;
    for (const line of checkout.lines as { productId: string; selectedWeight: string; qty: number }[]) {
      const key = `${line.productId} ${line.selectedWeight}`;
      held.set(key, (held.get(key) ?? 0) + line.qty);
    }
  }
  const { countedProductId, initialStock } = run.fixture;
  verdicts.push({
    name: 'stock on the shelf + held by checkouts = stock at start',
    broken: counted.flatMap((weight) => {
      const key = `${weight.productId} ${weight.label}`;
      const start = weight.productId === countedProductId ? initialStock.get(weight.label) : undefined;
      const sum = weight.stock! + (held.get(key) ?? 0);
      return sum === start ? [] : [`${key}: ${weight.stock} + ${held.get(key) ?? 0} held, started with ${start}`];
    }),
    detail: `${[...held].filter(([key]) => key.startsWith(`${countedProductId} `)).reduce((sum, [, qty]) => sum + qty, 0)} packs of ${countedProductId} held by checkouts`,
  });

  // 3. Every customer's cart holds every line their adds made, with at least the adds answered 200 and at most the
  // adds sent less those refused.
  const lines = new Map(
    (
      await db
        .select({
          userId: cartLines.userId,
          productId: cartLines.productId,
          selectedWeight: cartLines.selectedWeight,
          qty: cartLines.qty,
        })
        .from(cartLines)
    ).map((line) => [`${line.userId} ${line.productId}`, line]),
  );
  const cartBroken: string[] = [];
  let accepted = 0;
  let unanswered = 0;
  run.plannedLines.forEach((planned, index) => {
    const customer = run.fixture.customers[planned.customer]!;
    const line = lines.get(`${customer.id} ${planned.productId}`);
    const qty = line?.qty ?? 0;
    const least = run.addsAccepted[index]!;
    const most = run.addsSent[index]! - run.addsRefused[index]!;
    accepted += least;
    unanswered += most - least;
    if (qty < least || qty > most || (line && line.selectedWeight !== planned.selectedWeight))
      cartBroken.push(
        `${customer.email} ${planned.productId}: qty ${qty} (${line?.selectedWeight ?? 'no line'}), expected ${least}${most > least ? ` to ${most}` : ''} (${planned.selectedWeight})`,
      );
  });
  verdicts.push({
    name: 'no cart line lost',
    broken: cartBroken,
    detail: `${accepted} adds answered 200 and ${unanswered} unanswered over ${run.addsSent.filter((sent) => sent > 0).length} lines`,
  });

  // 4. Every order placed through a payment session has its confirmation queued once, to its e-mail; and every
  // status change the owner was answered 200 for happened once, with its mail queued once.
  const byCheckout = new Map(allCheckouts.map((checkout) => [checkout.id, checkout]));
  const paidOrders = allOrders.filter((order) => byCheckout.get(order.checkoutId)?.sessionId);
  const confirmationCount = (order: (typeof allOrders)[number]) =>
    mails.get(
      mailKey(
        order.email,
        orderConfirmationMail({
          to: order.email!,
          orderNumber: formatOrderNumber(order.orderNumber),
          lines: [],
          subtotalPence: order.totalPence,
          discountPence: 0,
          deliveryPence: 0,
          promoCode: null,
          totalPence: order.totalPence,
          shippingAddress: order.shippingAddress as ShippingAddress,
        }).subject,
      ),
    ) ?? 0;
  verdicts.push({
    name: 'every confirmation mail queued exactly once',
    broken: paidOrders.flatMap((order) => {
      const count = confirmationCount(order);
      return count === 1 ? [] : [`order ${formatOrderNumber(order.orderNumber)} to ${order.email}: ${count} mails`];
    }),
    detail: `${paidOrders.length} orders placed through a payment`,
  });

  const orderById = new Map(allOrders.map((order) => [order.id, order]));
  const changes = tally(
    await db.select({ orderId: orderStatusChanges.orderId, to: orderStatusChanges.toStatus }).from(orderStatusChanges),
    (change) => `${change.orderId} ${change.to}`,
  );
  const moveBroken: string[] = [];
  let moved = 0;
  for (const move of run.moves) {
    const order = orderById.get(move.orderId)!;
    const count = changes.get(`${move.orderId} ${move.to}`) ?? 0;
    const mailCount =
      mails.get(
        mailKey(
          order.email,
          orderStatusMail({
            to: order.email!,
            name: '',
            orderNumber: formatOrderNumber(order.orderNumber),
            status: move.to,
          }).subject,
        ),
      ) ?? 0;
    const label = `order ${formatOrderNumber(order.orderNumber)} to ${move.to}`;
    if (move.answer === 200) {
      moved++;
      if (order.status !== move.to || count !== 1 || mailCount !== 1)
        moveBroken.push(`${label}: now ${order.status}, ${count} history rows, ${mailCount} mails`);
    } else if (move.answer !== undefined && (count !== 0 || mailCount !== 0)) {
      moveBroken.push(`${label} answered ${move.answer}, yet ${count} history rows, ${mailCount} mails`);
    } else if (count > 1 || mailCount > 1) {
      moveBroken.push(`${label}: ${count} history rows, ${mailCount} mails`);
    }
  }
  verdicts.push({
    name: "every owner's status change once, its mail queued once",
    broken: moveBroken,
    detail: `${moved} changes answered 200`,
  });

  for (const verdict of verdicts) print(verdict);
  return verdicts.every((verdict) => verdict.broken.length === 0);
}
