/**
 * Delivery charges and promotion codes as a shopper meets them on a phone (docs/api.md, Delivery and promotions): a
 * code applied in the cart, its discount and the delivery charge in the cart, on /shipping, on the payment page, in the
 * confirmation mail and in My Orders, all the same figures; how much more brings free delivery, and 'Free' once over;
 * a wrong code's message under the field; an area the shop does not deliver to, refused on the postal code field.
 *
 * A shop of its own, whose owner charges £2.95, delivers free from £30, adds £4.00 for the Highlands and does not
 * deliver to Shetland, with a 10% code: the other journeys share a shop with free delivery, and charges set there
 * would change every total they check.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { promotions, shopSettings } from '#server/db/schema';
import { type E2eCustomer, expect, logIn } from '#tests/e2e/accounts';
import { ownShopTest } from '#tests/e2e/own-shop';
import { startAsGuestWith } from '#tests/e2e/cart';
import { apiToken, bristol, fillAddress, payWithCard } from '#tests/e2e/checkout';

/** The owner's settings for this shop, as the delivery feature keeps them (pence). */
const CHARGES = {
  standardPence: 295,
  freeOverPence: 3000,
  zones: [
    { name: 'Scottish Highlands', postcodes: ['IV'], surchargePence: 400 },
    { name: 'Shetland', postcodes: ['ZE'], surchargePence: null },
  ],
};

const test = ownShopTest(async (db) => {
  await db.insert(shopSettings).values({ key: 'delivery', value: CHARGES });
  await db
    .insert(promotions)
    .values({ code: 'WINTER10', description: '10% off your order', type: 'percent', value: 10 });
});

test.use({ viewport: { width: 375, height: 812 } });

/** Chromium reports every 4xx answer as a console error; a refused code or area is one on purpose. */
const refusedRequest = /Failed to load resource: the server responded with a status of 400/;

const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
const codeField = (page: Page) => page.getByLabel('Promotion code');

/** The shared test cart (2 × Roasted Cashew Nuts 500g, 1 × Medjool Dates 250g: £20.37) in the customer's cart. */
async function fillCustomerCart(request: APIRequestContext, customer: E2eCustomer) {
  const token = await apiToken(request, customer.email, customer.password);
  for (const line of [
    { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g' },
    { _id: 'medjool-dates', qty: 1, selectedWeight: '250g' },
  ]) {
    const added = await request.post('/api/cart/add', { headers: { authorization: `Bearer ${token}` }, data: line });
    expect(added.status(), await added.text()).toBeLessThan(300);
  }
}

test.describe('a code and a delivery charge', () => {
  test('are the same in the cart, on /shipping, at payment, in the mail and in My Orders', async ({
    page,
    request,
    customer,
    outbox,
  }) => {
    await fillCustomerCart(request, customer);
    await logIn(page, customer);
    await page.goto('/cart');
    // £20.37 of goods: delivery is charged, and the cart says how much more makes it free.
    await expect(summary(page)).toContainText('Subtotal£20.37');
    await expect(summary(page)).toContainText('Delivery£2.95');
    await expect(summary(page)).toContainText('Total£23.32');
    await expect(summary(page)).toContainText('£9.63 more for free delivery');

    await codeField(page).fill('winter10');
    await page.getByRole('button', { name: 'Apply' }).click();
    // 10% of £20.37 is £2.04; the goods then come to £18.33, still short of £30.
    await expect(summary(page)).toContainText('WINTER10 applied: 10% off your order');
    await expect(summary(page)).toContainText('Discount (WINTER10)−£2.04');
    await expect(summary(page)).toContainText('Delivery£2.95');
    await expect(summary(page)).toContainText('Total£21.28');
    await expect(summary(page)).toContainText('£11.67 more for free delivery');
    await expect(summary(page)).toContainText('Your Savings');
    await expect(page.getByRole('button', { name: /^Remove promotion code/ })).toBeFocused();

    // The code survives a reload and the way to /shipping.
    await page.reload();
    await expect(summary(page)).toContainText('Discount (WINTER10)−£2.04');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/shipping$/);
    await expect(summary(page)).toContainText('Subtotal£20.37');
    await expect(summary(page)).toContainText('Discount (WINTER10)−£2.04');
    await expect(summary(page)).toContainText('Delivery£2.95');
    await expect(summary(page)).toContainText('Total£21.28');

    // The Highlands cost £4.00 more: re-quoted as soon as the postcode is whole.
    await fillAddress(page, {
      phone: '7700900123',
      address: '1 Castle Street',
      city: 'Inverness',
      postalCode: 'iv1 1pb',
    });
    await expect(summary(page)).toContainText('Delivery£6.95');
    await expect(summary(page)).toContainText('Total£25.28');
    await fillAddress(page, bristol);
    await expect(summary(page)).toContainText('Delivery£2.95');
    await expect(summary(page)).toContainText('Total£21.28');

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithCard(page, '4242 4242 4242 4242', '£21.28');
    await expect(page).toHaveURL(/\/order-confirmation\?session_id=/, { timeout: 15_000 });
    const main = page.getByRole('main');
    await expect(main).toContainText('Subtotal£20.37');
    await expect(main).toContainText('Discount (WINTER10)−£2.04');
    await expect(main).toContainText('Delivery£2.95');
    await expect(main).toContainText('Total£21.28');
    await expect(main).toContainText('VAT at 20%');
    // Used by this order: the next cart starts without it.
    expect(await page.evaluate(() => sessionStorage.getItem('promoCode'))).toBeNull();

    await page.goto('/my-orders');
    const order = page.getByRole('main').getByRole('article').first();
    await expect(order).toContainText('Subtotal£20.37');
    await expect(order).toContainText('Discount (WINTER10)−£2.04');
    await expect(order).toContainText('Delivery£2.95');
    await expect(order).toContainText('Total £21.28');

    // The confirmation mail, the receipt to keep, says the same.
    const mail = await outbox.nextMailTo(customer.email);
    for (const figure of ['Subtotal', '£20.37', 'WINTER10', '£2.04', 'Delivery', '£2.95', '£21.28'])
      expect(mail.text).toContain(figure);
  });
});

test.describe('free delivery from £30', () => {
  test('the cart says how much more is needed, and Free once the goods reach it', async ({ page }) => {
    await startAsGuestWith(page, [{ _id: 'roasted-cashew-nuts', qty: 4, selectedWeight: '250g' }]);
    await page.goto('/cart');
    // 4 × £4.19 = £16.76.
    await expect(summary(page)).toContainText('Delivery£2.95');
    await expect(summary(page)).toContainText('£13.24 more for free delivery');
    await expect(summary(page)).toContainText('Total£19.71');

    // 4 × £8.09 = £32.36.
    await page.getByLabel('Weight').selectOption('500g');
    await expect(summary(page)).toContainText('DeliveryFree');
    await expect(summary(page)).toContainText('Total£32.36');
    await expect(summary(page)).not.toContainText('more for free delivery');
  });
});

test.describe('refusals', () => {
  test.use({ allowedConsoleError: refusedRequest });

  test('a wrong code shows the server’s message under the field, and nothing is taken off', async ({ page }) => {
    await startAsGuestWith(page, [{ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g' }]);
    await page.goto('/cart');
    await expect(summary(page)).toContainText('Total£7.14');
    await codeField(page).fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toHaveText('This code is not valid.');
    await expect(codeField(page)).toHaveAccessibleDescription('This code is not valid.');
    await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(summary(page)).not.toContainText('Discount');
    await expect(summary(page)).toContainText('Total£7.14');
  });

  test('an area the shop does not deliver to is said on the postal code field and cannot be paid for', async ({
    page,
  }) => {
    await startAsGuestWith(page, [{ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g' }]);
    await page.goto('/shipping');
    await fillAddress(page, {
      name: 'Grace Hopper',
      phone: '7700900123',
      email: 'grace@example.com',
      address: '1 Commercial Street',
      city: 'Lerwick',
      postalCode: 'ZE1 0AA',
    });
    const postalCode = page.getByLabel('Postal code');
    await expect(postalCode).toHaveAccessibleDescription('Sorry, we do not deliver to Shetland.');
    // The summary keeps the figures it can give (the goods and the standard charge) beside the refusal.
    await expect(summary(page)).toContainText('Total£7.14');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(postalCode).toBeFocused();
    await expect(page).toHaveURL(/\/shipping$/);
  });
});
