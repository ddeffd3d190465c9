/**
 * An order's own page at 375 px (docs/api.md, Orders; decisions 112, 113): a customer with a saved address fills
 * /shipping from it, pays, opens the order from My Orders, and prints its VAT receipt: one A4 page with the shop's
 * name, address and VAT number, the order number and date, each line's VAT rate and the VAT by rate. The PDF
 * Chromium prints is counted with pdfinfo and kept as a PNG beside the test's results to look at. Once dispatched
 * with a carrier, the tracking number links to that carrier's page.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { SHOP_COMPANY } from '#shared/shop-contact';
import { expect, logIn, test } from '#tests/e2e/accounts';
import { e2eAdmin } from '#tests/e2e/admin';
import { violations } from '#tests/e2e/axe';
import { apiToken, payWithCard } from '#tests/e2e/checkout';
import { shippingAddress } from '#tests/fixtures/shipping-address';

const SUCCESS_TEXT = 'Payment successful! Your order is confirmed.';

/** The customer's server cart: 2 × Roasted Cashew Nuts 500g (20% VAT) and 1 × Medjool Dates 250g (zero-rated). */
async function fillCart(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  for (const line of [
    { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g' },
    { _id: 'medjool-dates', qty: 1, selectedWeight: '250g' },
  ]) {
    const added = await request.post('/api/cart/add', { headers, data: line });
    expect(added.status(), await added.text()).toBeLessThan(300);
  }
}

test.use({ viewport: { width: 375, height: 800 } });

test('a customer pays with a saved address, opens the order from My Orders and prints its VAT receipt on one A4 page', async ({
  page,
  request,
  customer,
}, testInfo) => {
  const token = await apiToken(request, customer.email, customer.password);
  const saved = await request.post('/api/auth/addresses', {
    headers: { authorization: `Bearer ${token}` },
    data: shippingAddress({
      name: customer.name,
      email: customer.email,
      address: '7 Harbour Street',
      city: 'Bristol',
      postalCode: 'BS1 4DJ',
    }),
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await fillCart(request, token);

  await logIn(page, customer);
  await page.goto('/shipping');
  const book = page.getByRole('region', { name: 'Your saved addresses' });
  await expect(book).toContainText('7 Harbour Street, Bristol BS1 4DJ');
  await book.getByRole('button', { name: /^Use this address/ }).click();
  await expect(page.getByLabel('Street address')).toHaveValue('7 Harbour Street');
  await expect(page.getByLabel('Postal code')).toHaveValue('BS1 4DJ');
  await expect(page.getByLabel('Phone')).toHaveValue('07946 095800');
  await expect(page.getByLabel('Country')).toHaveValue('United Kingdom');
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('shipping-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await payWithCard(page, '4242 4242 4242 4242', '£20.37');
  await expect(page.getByRole('status')).toHaveText(SUCCESS_TEXT);
  await expect(page).toHaveURL(/\/order-confirmation\?session_id=/, { timeout: 15_000 });
  const orderNumber = /Your order number is ([\w-]+)\./.exec((await page.getByRole('main').textContent()) ?? '')?.[1];
  expect(orderNumber).toBeTruthy();

  await page.getByRole('main').getByRole('link', { name: 'See my orders' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const card = page.getByRole('article', { name: `Order ${orderNumber}` });
  await card.getByRole('link', { name: /^View order and VAT receipt/ }).click();
  await expect(page).toHaveURL(/\/my-orders\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status: Processing' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('7 Harbour Street');

  const receipt = page.getByRole('region', { name: 'VAT receipt' });
  await expect(receipt).toContainText(`VAT number ${SHOP_COMPANY.vatNumber}`);
  await expect(receipt).toContainText('Unit 4, 18 Roastery Lane, London E1 6AN');
  await expect(receipt).toContainText(`Order ${orderNumber}`);
  const cashews = receipt.getByRole('row', { name: /Roasted Cashew Nuts/ });
  await expect(cashews).toContainText('20%');
  await expect(cashews).toContainText('£16.18');
  await expect(receipt.getByRole('row', { name: /Medjool Dates/ })).toContainText('0%');
  // £16.18 at 20% holds £2.70 of VAT (net £13.48); the dates' £4.19 holds none.
  const byRate = receipt.getByRole('table', { name: 'VAT by rate' });
  await expect(byRate.getByRole('row', { name: /^20%/ })).toHaveText(/20%\s*£13\.48\s*£2\.70\s*£16\.18/);
  await expect(byRate.getByRole('row', { name: /^0%/ })).toHaveText(/0%\s*£4\.19\s*£0\.00\s*£4\.19/);
  await expect(receipt).toContainText(/Total paid\s*£20\.37/);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('order-375.png'), fullPage: true });

  // The button prints the page; headless Chromium has no print dialog, so the call itself is what is checked.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print VAT receipt' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print VAT receipt' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  const pdfPath = testInfo.outputPath('vat-receipt.pdf');
  writeFileSync(pdfPath, await page.pdf({ format: 'A4', preferCSSPageSize: true }));
  const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
  expect(info).toMatch(/^Pages:\s+1$/m);
  expect(info).toMatch(/^Page size:.*\(A4\)$/m);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  for (const words of ['Roast & Co.', SHOP_COMPANY.vatNumber, `Order ${orderNumber}`, 'VAT by rate', '£20.37']) {
    expect(text).toContain(words);
  }
  expect(text).not.toContain('Print VAT receipt');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdfPath, testInfo.outputPath('vat-receipt')]);

  // Dispatched with Royal Mail: the tracking number links to Royal Mail's own page for it.
  await page.emulateMedia({ media: 'screen' });
  const adminToken = await apiToken(request, e2eAdmin.email, e2eAdmin.password);
  const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const moved = await request.patch(`/api/admin/orders/${orderId}`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { status: 'dispatched', trackingNumber: 'AB123456789GB', carrier: 'royal-mail' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.reload();
  const tracking = page.getByRole('link', { name: /^AB123456789GB/ });
  await expect(tracking).toHaveAttribute(
    'href',
    'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
  );
  await expect(page.getByRole('main')).toContainText('Tracking number (Royal Mail): AB123456789GB');
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('order-1366.png'), fullPage: true });
});
