/**
 * Food traceability on a 375 px phone (decision 116): the owner receives a batch on the product's screen, the shop's
 * product page shows its best-before, a shopper buys, the owner looks the batch up, sees the shopper's order and
 * e-mail, recalls it after being asked again, and the shopper's recall mail arrives. No sideways scroll, axe-clean.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '#tests/e2e/accounts';
import { expectNoSidewaysScroll, logInAsAdmin } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';
import { waitForHydration } from '#tests/e2e/base-test';
import { testCard } from '#tests/e2e/checkout';
import { guestAddress } from '#tests/checkout';

const SHOTS = '/work/shots/traceability';
const PRODUCT = { id: 'hulled-hemp-seeds', name: 'Hulled Hemp Seeds', weight: '250g' };

test.use({ viewport: { width: 375, height: 800 } });

const main = (page: Page) => page.getByRole('main');

/** `YYYY-MM-DD`, `days` from today in London. */
const londonDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
const ukDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

test('the owner receives a batch on a phone, a shopper buys it, and its recall reaches the shopper', async ({
  page,
  request,
  outbox,
}) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const bestBefore = londonDay(45);

  await logInAsAdmin(page, `/admin/products/${PRODUCT.id}`);
  const batches = main(page).getByRole('region', { name: 'Batches' });
  await expect(batches.getByRole('heading', { name: 'Receive a batch' })).toBeVisible();
  await waitForHydration(page);
  await batches.getByLabel('Weight').selectOption(PRODUCT.weight);
  await batches.getByLabel('Batch code').fill(code);
  await batches.getByLabel('Best before').fill(bestBefore);
  await batches.getByLabel('Packs received').fill('6');
  await batches.getByRole('button', { name: 'Receive the batch' }).click();
  await expect(batches.getByText(`Batch ${code} received: 6 × ${PRODUCT.weight}.`)).toBeVisible();
  const row = batches.getByRole('listitem').filter({ hasText: code });
  await expect(row).toContainText('6 of 6');
  await expect(row).toContainText(ukDate(bestBefore));
  await expectNoSidewaysScroll(page);
  await batches.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/receive-375.png`, fullPage: true });
  expect(await violations(page)).toEqual([]);

  // The shop shows the best-before for the chosen weight (an earlier batch, if one is on sale, comes first).
  await page.goto(`/product/${PRODUCT.id}`);
  await expect(main(page).getByText(/^Best before: \d{1,2} \w+ \d{4} or later$/)).toBeVisible();

  // A guest buys two packs.
  const product = await (await request.get(`/api/products/${PRODUCT.id}`)).json();
  const price = product.weights.find((weight: { label: string }) => weight.label === PRODUCT.weight).price;
  const address = guestAddress({ name: 'Grace Hopper' });
  const started = await request.post('/api/orders/create-stripe-session', {
    data: {
      orderItems: [{ _id: PRODUCT.id, qty: 2, selectedWeight: PRODUCT.weight, price }],
      shippingAddress: address,
      totalPrice: Math.round(price * 200) / 100,
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { id: sessionId } = await started.json();
  expect((await request.post(`/pay/${sessionId}`, { form: testCard, maxRedirects: 0 })).status()).toBe(303);
  const verified = await (await request.get(`/api/orders/verify-stripe/${sessionId}`)).json();
  const orderNumber: string = verified.order.orderNumber;

  // The owner looks the batch up and recalls it.
  await page.goto('/admin/batches');
  await expect(page.getByRole('heading', { level: 1, name: 'Batches' })).toBeVisible();
  await waitForHydration(page);
  await main(page).getByLabel('Batch code').fill(code.toLowerCase());
  await main(page).getByRole('button', { name: 'Look up' }).click();
  const found = main(page).getByRole('region', { name: `Batch ${code}` });
  await expect(found.getByRole('heading', { name: 'Received by 1 order' })).toBeVisible();
  await expect(found).toContainText(orderNumber);
  await expect(found).toContainText(address.email);
  await expect(found).toContainText('2 packs');
  await found
    .getByLabel('Message to customers')
    .fill('Traces of peanut were found in this batch. Please do not eat it.');
  await found.getByRole('button', { name: 'Recall the batch' }).click();
  await expect(found.getByText(`Recall batch ${code}? Its sale stops now and 1 customer is mailed.`)).toBeFocused();
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/recall-confirm-375.png`, fullPage: true });
  await found.getByRole('button', { name: 'Yes, recall the batch' }).click();
  await expect(found.getByText(`Batch ${code} is recalled. 1 customer mailed.`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/recalled-375.png`, fullPage: true });

  const subject = `Product recall: ${PRODUCT.name} (${PRODUCT.weight}), batch ${code}`;
  await expect.poll(async () => (await outbox.mailsTo(address.email)).map((mail) => mail.subject)).toContain(subject);
  const mail = (await outbox.mailsTo(address.email)).find((each) => each.subject === subject)!;
  expect(mail.text).toContain('Traces of peanut were found in this batch.');
  expect(mail.text).toContain(orderNumber);
});
