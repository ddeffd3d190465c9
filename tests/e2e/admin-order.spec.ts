/**
 * One order on the owner's screen (decision 071 amended): opened from the Orders list, its lines, total,
 * VAT, address, e-mail, status and history; 'Mark as dispatched' with a tracking number, then 'Mark as delivered',
 * each mailing the guest who bought it; a refused move shows the server's message; at 375 and 1366 px, axe-clean.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '#tests/e2e/accounts';
import { expectNoSidewaysScroll, logInAsAdmin, placeGuestOrder } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';
import type { Outbox } from '#tests/e2e/outbox';

const SHOTS = '/work/shots/admin2';

/** Waits for a mail to `address` with exactly `subject`. */
async function mailWithSubject(outbox: Outbox, address: string, subject: string) {
  await expect
    .poll(async () => (await outbox.mailsTo(address)).map((mail) => mail.subject), { timeout: 10_000 })
    .toContain(subject);
  return (await outbox.mailsTo(address)).find((mail) => mail.subject === subject)!;
}

const main = (page: Page) => page.getByRole('main');
const actions = (page: Page) => main(page).getByRole('region', { name: 'Actions' });

async function openOrder(page: Page, orderNumber: string) {
  await logInAsAdmin(page, `/admin?q=${orderNumber}`);
  await main(page).getByRole('link', { name: orderNumber }).filter({ visible: true }).click();
  await expect(main(page).getByRole('heading', { level: 2, name: `Order ${orderNumber}` })).toBeFocused();
}

test.describe('an admin at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("dispatches and delivers a guest's order, and the guest is mailed at each step", async ({
    page,
    request,
    outbox,
  }) => {
    const { orderNumber, email } = await placeGuestOrder(request);
    await openOrder(page, orderNumber);
    await expect(page).toHaveURL(/\/admin\?q=RC-\d+&order=/);

    await expect(main(page).getByRole('region', { name: 'Lines' })).toContainText('Total£20.37');
    await expect(main(page).getByRole('region', { name: 'Lines' })).toContainText('VAT included');
    const delivery = main(page).getByRole('region', { name: 'Delivery' });
    await expect(delivery).toContainText('Ada Lovelace');
    await expect(delivery.getByRole('link', { name: email })).toBeVisible();
    const status = main(page).getByRole('region', { name: 'Status' });
    await expect(status).toContainText('NowProcessing');
    await expect(status).toContainText('TrackingNone given');
    await expect(status).toContainText('Not moved on yet.');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/order-detail-1366.png`, fullPage: true });

    // Dispatched, with a tracking number, by keyboard.
    await actions(page).getByLabel('Tracking number (optional)').fill('RM123456789GB');
    await page.keyboard.press('Enter');
    // It cannot be undone and mails the buyer: asked again first, the question read first; Back changes nothing.
    const question = `Mark order ${orderNumber} as dispatched?`;
    await expect(actions(page).getByText(question)).toBeFocused();
    await expect(actions(page)).toContainText('The buyer will be e-mailed with tracking number RM123456789GB.');
    expect(await violations(page)).toEqual([]);
    await actions(page).getByRole('button', { name: 'Back' }).click();
    await expect(status).toContainText('NowProcessing');
    await actions(page).getByRole('button', { name: 'Mark as dispatched' }).click();
    await page.keyboard.press('Tab');
    await expect(actions(page).getByRole('button', { name: 'Yes, mark as dispatched' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(actions(page).getByRole('status')).toHaveText(
      `Order ${orderNumber} marked as dispatched. The buyer has been e-mailed.`,
    );
    await expect(status).toContainText('NowDispatched');
    await expect(status).toContainText('TrackingRM123456789GB');
    await expect(status.getByRole('listitem')).toHaveText([
      /^Dispatched .*by admin@roastandco\.example.*RM123456789GB$/,
    ]);
    // Only forward: dispatch is no longer offered.
    await expect(actions(page).getByRole('button')).toHaveText(['Mark as delivered']);
    const onItsWay = await mailWithSubject(outbox, email, `Your Roast & Co. order ${orderNumber} is on its way`);
    expect(onItsWay.text).toContain('RM123456789GB');

    await actions(page).getByRole('button', { name: 'Mark as delivered' }).click();
    await actions(page).getByRole('button', { name: 'Yes, mark as delivered' }).click();
    await expect(actions(page).getByRole('status')).toHaveText(
      `Order ${orderNumber} marked as delivered. The buyer has been e-mailed.`,
    );
    await expect(status).toContainText('NowDelivered');
    await expect(actions(page).getByRole('button')).toHaveCount(0);
    await expect(actions(page)).toContainText('Delivered: nothing left to do.');
    await mailWithSubject(outbox, email, `Your Roast & Co. order ${orderNumber} has been delivered`);
    expect(await violations(page)).toEqual([]);

    // Back to the list as it was, which shows the order delivered.
    await main(page).getByRole('link', { name: 'Back to orders' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${orderNumber}$`));
    await expect(main(page).getByRole('table').getByRole('row').filter({ hasText: orderNumber })).toContainText(
      'Delivered',
    );
  });

  test.describe('when the server refuses a move', () => {
    test.use({ allowedConsoleError: /status of 409/ });

    test("shows progress on the button, then the server's refusal", async ({ page, request }) => {
      const { orderNumber } = await placeGuestOrder(request);
      await openOrder(page, orderNumber);
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/admin/orders/*', async (route) => {
        if (route.request().method() !== 'PATCH') return route.fallback();
        await released;
        return route.fulfill({ status: 409, json: { message: 'This order has already been delivered.' } });
      });

      await actions(page).getByRole('button', { name: 'Mark as dispatched' }).click();
      await actions(page).getByRole('button', { name: 'Yes, mark as dispatched' }).click();
      const busy = actions(page).getByRole('button', { name: 'Marking as dispatched…' });
      await expect(busy).toBeDisabled();
      await expect(busy).toHaveAttribute('aria-busy', 'true');
      await expect(actions(page).getByRole('button', { name: 'Back' })).toBeDisabled();
      release();
      await expect(actions(page).getByRole('alert')).toHaveText('This order has already been delivered.');
      await expect(actions(page).getByRole('button', { name: 'Yes, mark as dispatched' })).toBeEnabled();
    });
  });
});

test.describe('the dashboard at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('shows the orders to dispatch, takings and new messages, each a link', async ({ page, request }) => {
    await placeGuestOrder(request);
    await logInAsAdmin(page, '/admin');
    const glance = main(page).getByRole('region', { name: 'At a glance' });
    await expect(glance.getByRole('link')).toHaveText([
      /^Orders to dispatch ?[1-9]\d*$/,
      /^Takings today ?£\d+\.\d{2}$/,
      /^Takings this month ?£\d+\.\d{2}$/,
      /^New messages ?\d+$/,
      'Reports, VAT and downloads',
    ]);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/dashboard-1366.png` });
    await glance.getByRole('link', { name: /^Orders to dispatch/ }).click();
    await expect(page).toHaveURL(/\/admin\?status=processing$/);
    await expect(main(page).getByLabel('Status')).toHaveValue('processing');
  });
});

test.describe('an admin at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('reads an order and its actions with no sideways scroll', async ({ page, request }) => {
    const { orderNumber } = await placeGuestOrder(request);
    await openOrder(page, orderNumber);
    await expect(actions(page).getByRole('button', { name: 'Mark as dispatched' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // No shopper's chat button floats over the owner's screens: the footer, which arrives with it on a shop page, is
    // there, and the chat is not.
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Chat with us on WhatsApp/ })).toHaveCount(0);
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: /^Chat with us on WhatsApp/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/order-detail-375.png`, fullPage: true });
  });
});
