/**
 * The shop's alerts (decision 098): each paid order mailed to SHOP_EMAIL once, however many sweeps run at once; a
 * weight's low-stock alert mailed once when its stock falls to it, again only after it was above it; and the dashboard
 * listing the weights running low and the last day's unpaid checkouts. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSummary } from '#shared/schemas/admin';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartPayload, guestAddress, paidOrder, startCheckout } from '#tests/checkout';
import { productInput } from '#tests/fixtures/product';
import { SmtpSink } from '#tests/smtp-sink';

let sink: SmtpSink;
let testApp: TestApp;
let admin: TestCustomer;
let shopEmail: string;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url });
  shopEmail = testApp.config.shopEmail;
  admin = await insertCustomer(testApp, { role: 'admin' });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
const summary = async (): Promise<AdminSummary> => (await adminCall('GET', '/api/admin/summary')).json();
/** The mails the shop has received so far. */
const shopMails = async () => sink.mailsTo(shopEmail);

describe('a new order', () => {
  it('is mailed to the shop once, whatever runs the sweep and however often', async () => {
    const order = await paidOrder(testApp, { sink });
    const before = (await shopMails()).length;
    const swept = await Promise.all([1, 2, 3, 4, 5].map(() => testApp.app.newOrderAlerts.sweep()));
    expect(swept.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await testApp.app.newOrderAlerts.sweep()).toBe(0);

    await expect.poll(async () => (await shopMails()).length, { timeout: 10_000 }).toBe(before + 1);
    const mail = (await shopMails()).at(-1)!;
    expect(mail.subject).toBe(`New order ${order.number}: £20.37`);
    expect(mail.text).toContain('2 × Roasted Cashew Nuts (500g)');
    expect(mail.text).toContain(order.email);
  });
});

describe('low stock', () => {
  it('mails once when a weight falls to its alert, lists it, and mails again only after a restock', async () => {
    const input = productInput({
      name: 'Alert Almonds',
      weights: [{ label: '200g', grams: 200, price: 4.49, mrp: 7.49, stock: 5, lowStockAt: 3 }],
    });
    const created = (await adminCall('POST', '/api/admin/products', input)).json();
    expect(created.weights[0]).toMatchObject({ stock: 5, lowStockAt: 3 });
    await adminCall('PATCH', `/api/admin/products/${created._id}`, { hidden: false });
    const buy = async (qty: number) => {
      const address = guestAddress();
      await startCheckout(testApp, {
        orderItems: [{ _id: created._id, qty, selectedWeight: '200g' }],
        shippingAddress: address,
        totalPrice: 4.49 * qty,
      });
    };
    const lowMails = async () => (await shopMails()).filter((mail) => mail.subject.startsWith('Low stock'));

    expect(await testApp.app.lowStockAlerts.sweep()).toBe(0);
    await buy(1);
    expect(await testApp.app.lowStockAlerts.sweep()).toBe(0);
    await buy(1);
    // 3 left: at the alert.
    expect(await testApp.app.lowStockAlerts.sweep()).toBe(1);
    await buy(1);
    expect(await testApp.app.lowStockAlerts.sweep()).toBe(0);
    await expect.poll(async () => (await lowMails()).length, { timeout: 10_000 }).toBe(1);
    expect((await lowMails())[0]).toMatchObject({ subject: 'Low stock at Roast & Co.: Alert Almonds 200g' });
    expect((await lowMails())[0]?.text).toContain('Alert Almonds 200g: 3 left (alert at 3)');
    expect((await summary()).lowStock).toContainEqual({
      _id: created._id,
      name: 'Alert Almonds',
      selectedWeight: '200g',
      stock: 2,
      lowStockAt: 3,
    });

    // Restocked above the alert (an edit keeps the mark until the sweep sees the stock back up), then bought down again.
    const restock = await adminCall('PUT', `/api/admin/products/${created._id}`, {
      ...input,
      weights: [{ ...input.weights[0], stock: 10 }],
    });
    expect(restock.statusCode).toBe(200);
    expect(await testApp.app.lowStockAlerts.sweep()).toBe(0);
    expect((await summary()).lowStock.map((weight) => weight._id)).not.toContain(created._id);
    await buy(4);
    await buy(3);
    expect(await testApp.app.lowStockAlerts.sweep()).toBe(1);
    await expect.poll(async () => (await lowMails()).length, { timeout: 10_000 }).toBe(2);
  });
});

describe('the dashboard', () => {
  it('lists the last day’s unpaid checkouts with what they hold', async () => {
    const address = guestAddress();
    await startCheckout(testApp, cartPayload(address));
    const unpaid = (await summary()).unpaidCheckouts.find((checkout) => checkout.email === address.email);
    expect(unpaid).toMatchObject({
      amount: 20.37,
      holdsStock: true,
      lines: [
        { name: 'Roasted Cashew Nuts', selectedWeight: '500g', qty: 2 },
        { name: 'Medjool Dates', selectedWeight: '250g', qty: 1 },
      ],
    });
  });
});
