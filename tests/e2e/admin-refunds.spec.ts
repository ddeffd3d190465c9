/**
 * Money after the sale on the owner's order screen, on a 375 px phone (decision 093): the owner cancels a guest's
 * order, asked again in the page first, and the guest is mailed; refunds one line of a customer's order with its packs
 * back in stock, then cancels it, and the customer's My Orders says so; a confirmed refund whose answer was lost,
 * tried again and tapped twice, refunds once; a failed refund (the card provider's refusal, stood in for here, as the
 * local provider never refuses) is tried again. No sideways scroll, axe-clean.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { type E2eCustomer, expect, logIn, test } from '#tests/e2e/accounts';
import { expectNoSidewaysScroll, logInAsAdmin, placeGuestOrder } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';
import { waitForHydration } from '#tests/e2e/base-test';
import { apiToken, payForTestCart } from '#tests/e2e/checkout';
import type { Outbox } from '#tests/e2e/outbox';

const SHOTS = '/work/shots/refunds';
const phone = { width: 375, height: 800 };

test.use({ viewport: phone });

const main = (page: Page) => page.getByRole('main');
const refunds = (page: Page) => main(page).getByRole('region', { name: 'Refunds' });

/** A customer's paid order of the shared test cart (£20.37: 2 × Roasted Cashew Nuts 500g, 1 × Medjool Dates 250g). */
async function placeCustomerOrder(request: APIRequestContext, customer: E2eCustomer) {
  const token = await apiToken(request, customer.email, customer.password);
  const sessionId = await payForTestCart(request, { token });
  const answer = await request.get(`/api/orders/verify-stripe/${encodeURIComponent(sessionId)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { order: { _id: string; orderNumber: string } }).order;
}

async function openOrder(page: Page, order: { _id: string; orderNumber: string }) {
  await logInAsAdmin(page, `/admin?order=${encodeURIComponent(order._id)}`);
  await expect(main(page).getByRole('heading', { level: 2, name: `Order ${order.orderNumber}` })).toBeFocused();
}

async function expectMail(outbox: Outbox, address: string, subject: string) {
  await expect.poll(async () => (await outbox.mailsTo(address)).map((mail) => mail.subject)).toContain(subject);
  return (await outbox.mailsTo(address)).find((mail) => mail.subject === subject)!;
}

/** Cancels the open order through the form and its question, as the owner would; answers the amount it asked about. */
async function cancelOrder(page: Page, orderNumber: string, reason: string, refund: string) {
  const section = refunds(page);
  await section.getByRole('button', { name: 'Cancel order' }).click();
  await section.getByLabel('Reason').fill(reason);
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(
    section.getByText(`Cancel order ${orderNumber} and refund ${refund} to the customer's card?`),
  ).toBeFocused();
  await section.getByRole('button', { name: 'Yes, cancel the order' }).click();
  const done = section.getByRole('status');
  await expect(done).toHaveText(`Order ${orderNumber} cancelled and ${refund} refunded. The buyer has been e-mailed.`);
  await expect(done).toBeFocused();
}

test("the owner cancels a guest's order, asked again first, and the guest is mailed", async ({
  page,
  request,
  outbox,
}) => {
  const { orderId, orderNumber, email } = await placeGuestOrder(request);
  await openOrder(page, { _id: orderId, orderNumber });
  const section = refunds(page);
  await expect(section).toContainText('Refunded£0.00');
  await expect(section).toContainText('Left to refund£20.37');
  await expect(section).toContainText('No refunds yet.');

  const cancel = section.getByRole('button', { name: 'Cancel order' });
  await cancel.click();
  await expect(cancel).toHaveAttribute('aria-expanded', 'true');
  const reason = section.getByLabel('Reason');
  await expect(reason).toBeFocused();
  await expect(section.getByRole('checkbox', { name: 'Put the packs back in stock' })).toBeChecked();
  // Nothing is asked, let alone sent, without a reason.
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(reason).toBeFocused();
  await expect(section.getByRole('alert')).toHaveText('Please give a reason.');
  await page.keyboard.type('The buyer asked to cancel');
  await page.keyboard.press('Enter');

  const question = section.getByText(`Cancel order ${orderNumber} and refund £20.37 to the customer's card?`);
  await expect(question).toBeFocused();
  await expect(section).toContainText('Reason: The buyer asked to cancel');
  await expect(section).toContainText('The packs go back in stock.');
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
  await section.screenshot({ path: `${SHOTS}/cancel-question-375.png` });
  // Back to the form as it was.
  await section.getByRole('button', { name: 'Back' }).click();
  await expect(reason).toBeFocused();
  await expect(reason).toHaveValue('The buyer asked to cancel');
  await page.keyboard.press('Enter');
  await expect(question).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Yes, cancel the order' })).toBeFocused();
  await page.keyboard.press('Enter');

  const done = section.getByRole('status');
  await expect(done).toHaveText(`Order ${orderNumber} cancelled and £20.37 refunded. The buyer has been e-mailed.`);
  await expect(done).toBeFocused();
  await expect(main(page).getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Status' })).toContainText('NowCancelled');
  await expect(main(page).getByRole('region', { name: 'Actions' })).toContainText('Cancelled: nothing left to do.');
  await expect(main(page).getByRole('region', { name: 'Actions' }).getByRole('button')).toHaveCount(0);
  // Nothing is left to refund or cancel.
  await expect(section.getByRole('button')).toHaveCount(0);
  await expect(section).toContainText('Refunded£20.37');
  await expect(section).toContainText('Left to refund£0.00');
  await expect(section.getByRole('listitem')).toHaveText([
    /^£20\.37 Refunded\s*The buyer asked to cancel.*by admin@roastandco\.example$/,
  ]);
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/cancelled-375.png`, fullPage: true });

  const mail = await expectMail(outbox, email, `Your Roast & Co. order ${orderNumber} has been cancelled`);
  expect(mail.text).toContain('£20.37');
});

test("the owner refunds one line of a customer's order, then cancels it, and My Orders says so", async ({
  page,
  request,
  outbox,
  customer,
  browser,
}) => {
  const order = await placeCustomerOrder(request, customer);
  await openOrder(page, order);
  const section = refunds(page);
  const refundButton = section.getByRole('button', { name: 'Refund', exact: true });
  await refundButton.click();
  await expect(refundButton).toHaveAttribute('aria-expanded', 'true');
  const amount = section.getByLabel('Amount (£)');
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('20.37');
  const restock = section.getByRole('checkbox', { name: 'Put these packs back in stock' });
  await expect(restock).toBeDisabled();

  // The form checks the amount against what is left before anything is asked.
  await amount.fill('20.38');
  await section.getByLabel('Reason').fill('Dates arrived squashed');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(amount).toBeFocused();
  await expect(section.getByRole('alert')).toHaveText('Only £20.37 is left to refund.');

  // Ticking a line suggests its worth.
  const dates = section.getByRole('group', { name: 'Medjool Dates 250g' });
  await dates.getByRole('checkbox', { name: 'Refund this line' }).check();
  await expect(amount).toHaveValue('4.19');
  await expect(dates.getByLabel('Quantity')).toHaveValue('1');
  await restock.check();
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
  await section.screenshot({ path: `${SHOTS}/refund-form-375.png` });
  await page.screenshot({ path: `${SHOTS}/refund-form-viewport-375.png` });

  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText("Refund £4.19 to the customer's card?")).toBeFocused();
  await expect(section).toContainText('For Medjool Dates 250g × 1');
  await expect(section).toContainText('These packs go back in stock.');
  await section.getByRole('button', { name: 'Yes, refund £4.19' }).click();
  const done = section.getByRole('status');
  await expect(done).toHaveText(`£4.19 refunded for order ${order.orderNumber}. The buyer has been e-mailed.`);
  await expect(done).toBeFocused();
  await expect(section).toContainText('Refunded£4.19');
  await expect(section).toContainText('Left to refund£16.18');
  const listed = section.getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('£4.19 Refunded');
  await expect(listed).toContainText('Dates arrived squashed');
  await expect(listed).toContainText('For Medjool Dates 250g × 1');
  await expect(listed).toContainText('Packs put back in stock');
  await expect(listed).toContainText('by admin@roastandco.example');
  await expect(main(page).getByText('Processing', { exact: true }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
  await section.screenshot({ path: `${SHOTS}/refund-listed-375.png` });
  await expectMail(outbox, customer.email, `Your Roast & Co. refund for order ${order.orderNumber}`);

  // The line's one pack is refunded: the form no longer offers it.
  await refundButton.click();
  await expect(section.getByRole('group', { name: 'Medjool Dates 250g' })).toContainText('All its packs are refunded.');
  await expect(amount).toHaveValue('16.18');
  await refundButton.click();

  // The customer, on a phone of their own, sees the refund beside the status.
  const shopper = await (await browser.newContext({ viewport: phone })).newPage();
  await logIn(shopper, customer);
  await shopper.goto('/my-orders');
  await waitForHydration(shopper);
  const card = shopper.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card).toContainText('Status: Processing Refunded £4.19');

  await cancelOrder(page, order.orderNumber, 'Out of stock at the roastery', '£16.18');
  await expect(listed).toHaveCount(2);
  await expect(section).toContainText('Refunded£20.37');

  await shopper.reload();
  await waitForHydration(shopper);
  await expect(card).toContainText('Status: Cancelled Refunded £20.37');
  await expectNoSidewaysScroll(shopper);
  await card.screenshot({ path: `${SHOTS}/my-orders-cancelled-375.png` });
  await shopper.context().close();
});

test.describe('when the answer to a confirmed refund is lost', () => {
  test.use({ allowedConsoleError: /ERR_CONNECTION_RESET|Failed to load resource/ });

  test('trying it again, even tapped twice, sends the same key and refunds once', async ({ page, request }) => {
    const { orderId, orderNumber } = await placeGuestOrder(request);
    await openOrder(page, { _id: orderId, orderNumber });
    const keys: string[] = [];
    let loseTheAnswer = true;
    await page.route('**/api/admin/orders/*/refunds', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? 'none');
      if (!loseTheAnswer) return route.fallback();
      loseTheAnswer = false;
      // The server refunds; its answer never reaches the browser.
      await route.fetch();
      await route.abort('connectionreset');
    });

    const section = refunds(page);
    await section.getByRole('button', { name: 'Refund', exact: true }).click();
    await section.getByLabel('Amount (£)').fill('5');
    await section.getByLabel('Reason').fill('Goodwill for a late parcel');
    await section.getByRole('button', { name: 'Continue' }).click();
    const yes = section.getByRole('button', { name: 'Yes, refund £5.00' });
    await yes.click();
    await expect(section.getByRole('alert')).toHaveText(
      'We could not reach the shop. Please check your connection and try again.',
    );
    await yes.dblclick();
    await expect(section.getByRole('status')).toHaveText(
      `£5.00 refunded for order ${orderNumber}. The buyer has been e-mailed.`,
    );
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section).toContainText('Refunded£5.00');

    // As the server has it.
    await page.reload();
    await expect(refunds(page).getByRole('listitem')).toHaveCount(1);
    await expect(refunds(page)).toContainText('Left to refund£15.37');
  });
});

test('a failed refund says why and is tried again from the list', async ({ page, request }) => {
  const { orderId, orderNumber } = await placeGuestOrder(request);
  const failed = {
    _id: 'refund-1',
    amount: 2,
    reason: 'Goodwill for a late parcel',
    restock: false,
    status: 'failed',
    failureReason: 'The card has expired.',
    createdAt: new Date().toISOString(),
    by: 'admin@roastandco.example',
  };
  let refundStatus: Record<string, unknown> = failed;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The provider's refusal and its second answer, on the order as the server has it.
  await page.route(`**/api/admin/orders/${orderId}**`, async (route) => {
    const retrying = route.request().url().endsWith(`/refunds/${failed._id}/retry`);
    if (retrying) {
      await released;
      refundStatus = { ...failed, status: 'succeeded', failureReason: undefined };
    }
    const order = await (
      await route.fetch({
        url: route
          .request()
          .url()
          .replace(/\/refunds\/.*$/, ''),
        method: 'GET',
      })
    ).json();
    const refundedTotal = refundStatus.status === 'succeeded' ? 2 : 0;
    return route.fulfill({ json: { ...order, refunds: [refundStatus], refundedTotal } });
  });
  await openOrder(page, { _id: orderId, orderNumber });
  const section = refunds(page);
  const item = section.getByRole('listitem');
  await expect(item).toContainText('£2.00 Failed: The card has expired.');
  await expect(section).toContainText('Left to refund£20.37');
  const tryAgain = item.getByRole('button', { name: 'Try again the refund of £2.00' });
  await tryAgain.click();
  const busy = item.getByRole('button', { name: /^Trying again…/ });
  await expect(busy).toBeDisabled();
  await expect(section.getByRole('button', { name: 'Refund', exact: true })).toBeDisabled();
  release();
  const done = section.getByRole('status');
  await expect(done).toHaveText('£2.00 refunded. The buyer has been e-mailed.');
  await expect(done).toBeFocused();
  await expect(item).toContainText('£2.00 Refunded');
  await expect(item.getByRole('button')).toHaveCount(0);
});
