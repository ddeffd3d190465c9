/**
 * Staff (decision 097): the owner invites someone from the Staff screen; the invitee follows the mailed link, sets a
 * password and logs in, and /admin offers them orders, packing, reviews and messages only, with no takings and no
 * refund forms; the owner removes them and their next request is refused. At 375 px, axe-clean.
 */
import type { Page } from '@playwright/test';
import { expect, logIn, test } from '#tests/e2e/accounts';
import { expectNoSidewaysScroll, openAdminScreen, placeGuestOrder } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';

const SHOTS = '/work/shots/admin-staff';
const main = (page: Page) => page.getByRole('main');

test.use({ viewport: { width: 375, height: 812 } });

test('the owner invites a packer, who joins and sees only their work, then is removed', async ({
  page,
  browser,
  request,
  outbox,
}) => {
  test.setTimeout(90_000);
  const email = `packer-${Date.now()}@example.com`;
  await openAdminScreen(page, 'Staff');
  await main(page).getByLabel('Name').fill('Priya Packer');
  await main(page).getByLabel('E-mail address').fill(email);
  await main(page).getByLabel('Role').selectOption('staff');
  await main(page).getByRole('button', { name: 'Send invitation' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Invitation sent' })).toHaveText(
    `Invitation sent to ${email}. The link works for 72 hours.`,
  );
  const member = main(page).getByRole('listitem').filter({ hasText: email });
  await expect(member).toContainText('not joined yet');
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/staff-375.png`, fullPage: true });

  // The invitee, in a browser of their own, follows the link.
  const mail = await outbox.nextMailTo(email);
  const link = /https?:\/\/\S+\/staff\/accept\/[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const packer = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await packer.goto(new URL(link!).pathname);
  await expect(packer.getByText('Priya Packer, you are invited to work at Roast & Co. as staff')).toBeVisible();
  expect(await violations(packer)).toEqual([]);
  await packer.getByLabel('New password', { exact: true }).fill('cashews-and-dates-1');
  await packer.getByLabel('Confirm new password').fill('cashews-and-dates-1');
  await packer.getByRole('button', { name: 'Accept and set password' }).click();
  await expect(packer.getByRole('status')).toHaveText('Welcome to the team. Your password is set: please log in.');
  await packer.screenshot({ path: `${SHOTS}/accept-375.png` });

  const order = await placeGuestOrder(request);
  await logIn(packer, { name: 'Priya Packer', email, password: 'cashews-and-dates-1' });
  await packer.goto('/admin');
  const nav = packer.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveText(['Orders', 'Packing', 'Reviews', 'Messages']);
  await expect(packer.getByRole('region', { name: 'At a glance' })).toHaveCount(0);
  await packer.getByRole('main').getByRole('link', { name: order.orderNumber }).filter({ visible: true }).click();
  await expect(packer.getByRole('button', { name: 'Mark as dispatched' })).toBeVisible();
  await expect(packer.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(packer.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await violations(packer)).toEqual([]);
  await packer.screenshot({ path: `${SHOTS}/staff-order-375.png`, fullPage: true });

  // Removed: asked again, then their next request is refused and the shop logs them out.
  await page.reload();
  const joined = main(page).getByRole('listitem').filter({ hasText: email });
  await expect(joined).toContainText('Joined');
  await joined.getByRole('button', { name: 'Remove Priya Packer' }).click();
  await expect(main(page).getByText('Remove Priya Packer from the staff?')).toBeFocused();
  await main(page).getByRole('button', { name: 'Yes, remove' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'no longer works' })).toBeVisible();
  await expect(main(page).getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  await packer.goto('/admin/packing');
  await expect(packer).toHaveURL(/\/login/);
  await expect(packer.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});
