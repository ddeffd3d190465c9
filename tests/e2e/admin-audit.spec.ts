/**
 * The owner's Audit screen (decision 071 amended): a change made by an admin is listed, newest first, with
 * when, who, what, its target and the state before and after; filtered by action and target, the filters and the
 * page kept in the address across a reload; loading, a refusal with Retry, and both empty states; at 1366 and
 * 375 px, axe-clean.
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { AuditEntry } from '#shared/schemas/admin';
import type { Review } from '#shared/schemas/review';
import { expect, test } from '#tests/e2e/accounts';
import { e2eAdmin } from '#tests/e2e/admin';
import {
  adminToken,
  busyList,
  expectNoSidewaysScroll,
  holdListPage,
  logInAsAdmin,
  openAdminScreen,
  placeGuestOrder,
} from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';

const SHOTS = '/work/shots/admin2';
const AUDIT_API = '**/api/admin/audit?*';

/** An admin change made through the API, as another tab or another admin would make it. */
async function patchAsAdmin(request: APIRequestContext, url: string, data: object) {
  const token = await adminToken(request);
  const response = await request.patch(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A review posted through the shop's API and hidden by the admin. */
async function hideNewReview(request: APIRequestContext, name: string, message: string): Promise<Review> {
  const posted = await request.post('/api/reviews', { data: { name, location: 'Leeds', rating: 4, message } });
  expect(posted.status(), await posted.text()).toBe(201);
  const review = (await posted.json()) as Review;
  await patchAsAdmin(request, `/api/admin/reviews/${review._id}`, { hidden: true });
  return review;
}

const main = (page: Page) => page.getByRole('main');
const entries = (page: Page) =>
  main(page).getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem').getByRole('article');
const entryFor = (page: Page, text: string | RegExp) => entries(page).filter({ hasText: text });
const actionField = (page: Page) => main(page).getByRole('combobox', { name: 'Action' });
const targetField = (page: Page) => main(page).getByRole('searchbox', { name: 'Target' });

test.describe('an admin at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('reads who changed what, before and after; filters by action and target, kept across a reload', async ({
    page,
    request,
  }) => {
    const { orderId, orderNumber } = await placeGuestOrder(request);
    await patchAsAdmin(request, `/api/admin/orders/${orderId}`, {
      status: 'dispatched',
      trackingNumber: 'RM123456789GB',
    });
    const review = await hideNewReview(request, 'Grace Hopper', `Lovely pecans, ${crypto.randomUUID()}.`);

    await openAdminScreen(page, 'Audit');
    await expect(page).toHaveURL(/\/admin\/audit$/);
    // RC-1001, not RC-10010.
    const dispatched = entryFor(page, new RegExp(`Order ${orderNumber}(?!\\d)`));
    await expect(dispatched.getByRole('heading', { level: 3 })).toHaveText('Order marked as dispatched');
    await expect(dispatched.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await expect(dispatched).toContainText(`By${e2eAdmin.email}`);
    const before = dispatched.getByRole('group', { name: 'Before' });
    const after = dispatched.getByRole('group', { name: 'After' });
    await expect(before.getByRole('definition')).toHaveText(['processing (changed)', 'None (changed)', 'No']);
    await expect(after.getByRole('term')).toHaveText(['Status:', 'Tracking number:', 'Delivered:']);
    // What changed is marked in words too, not only by its weight and edge.
    await expect(after.getByRole('definition')).toHaveText(['dispatched (changed)', 'RM123456789GB (changed)', 'No']);
    const hidden = entryFor(page, review.message);
    await expect(hidden.getByRole('heading', { level: 3 })).toHaveText('Review hidden');
    await expect(hidden.getByRole('group', { name: 'Before' })).toContainText('Hidden: No (changed)');
    await expect(hidden.getByRole('group', { name: 'After' })).toContainText('Hidden: Yes (changed)');

    // Newest first: the review was hidden after the order was dispatched (others may have come between).
    const times = await entries(page)
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect(times).toEqual([...times].sort().reverse());
    expect(times.indexOf((await hidden.locator('time').getAttribute('datetime')) ?? '')).toBeLessThanOrEqual(
      times.indexOf((await dispatched.locator('time').getAttribute('datetime')) ?? ''),
    );
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/audit-1366.png`, fullPage: true });

    // Filtered by action and an order number as the owner types it.
    await expect(targetField(page)).toHaveAccessibleDescription(
      'An order number (RC-1042), or a target chosen in the list',
    );
    await actionField(page).selectOption('Order marked as dispatched');
    await targetField(page).fill(orderNumber.toLowerCase());
    await main(page).getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/audit\\?action=order\\.dispatched&target=${orderNumber.toLowerCase()}$`),
    );
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText('1 change');
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page)).toContainText(`Order ${orderNumber}`);

    // A reload (or the link shared) keeps the filters and what they found.
    await page.reload();
    await expect(actionField(page)).toHaveValue('order.dispatched');
    await expect(targetField(page)).toHaveValue(orderNumber.toLowerCase());
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).getByRole('heading', { level: 3 })).toHaveText('Order marked as dispatched');

    // Nothing of that kind happened to it.
    await actionField(page).selectOption('Review hidden');
    await main(page).getByRole('button', { name: 'Filter' }).click();
    await expect(main(page).getByText('No changes match these filters.')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // A target in the list shows every change to it; its name fills the Target field.
    await actionField(page).selectOption('All');
    await targetField(page).fill('');
    await main(page).getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await entryFor(page, review.message)
      .getByRole('link', { name: `Review ${review._id}` })
      .click();
    await expect(targetField(page)).toHaveValue(`Review ${review._id}`);
    await expect(actionField(page)).toHaveValue('');
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).getByRole('heading', { level: 3 })).toHaveText('Review hidden');
  });

  test('pages through the changes 50 at a time, the page kept in the address', async ({ page }) => {
    await logInAsAdmin(page);
    const asked: URL[] = [];
    await page.route(AUDIT_API, (route: Route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      const offset = Number(url.searchParams.get('offset'));
      const items: AuditEntry[] = Array.from({ length: Math.max(0, Math.min(50, 120 - offset)) }, (_, index) => ({
        _id: `change-${offset + index}`,
        at: new Date(Date.UTC(2026, 10, 27, 10, 0) - (offset + index) * 60_000).toISOString(),
        actor: { _id: null, email: e2eAdmin.email },
        action: 'review.shown',
        target: 'review:3f2a6c1e-made-up',
        before: { hidden: true },
        after: { hidden: false },
      }));
      return route.fulfill({ json: { items, total: 120 } });
    });
    await page.goto('/admin/audit?page=2');
    const heading = main(page).getByRole('heading', { level: 2 });
    await expect(heading).toHaveText('Changes 51–100 of 120');
    expect(asked.at(-1)?.search).toBe('?limit=50&offset=50');
    const pages = main(page).getByRole('navigation', { name: 'Pages of changes' });
    // Page 3 is held back: until it comes, page 2 stays on screen under its own heading and range, marked busy.
    const releasePage3 = await holdListPage(page, AUDIT_API, 100);
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/admin\/audit\?page=3$/);
    await expect(busyList(page).getByRole('heading', { level: 2 })).toHaveText('Changes 51–100 of 120');
    await expect(entries(page)).toHaveCount(50);
    await expect(pages).toContainText('51–100 of 120');
    releasePage3();
    await expect(heading).toHaveText('Changes 101–120 of 120');
    await expect(busyList(page)).toHaveCount(0);
    await expect(heading).toBeFocused();
    await expect(entries(page)).toHaveCount(20);
    await page.reload();
    await expect(heading).toHaveText('Changes 101–120 of 120');
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test.describe('when the audit cannot be shown', () => {
    // The failed loads are the point: Chromium reports them, and the app logs them.
    test.use({ allowedConsoleError: /Failed to load resource|Could not load \["customer","admin","audit"/ });

    test('shows loading, the server’s refusal with Retry, then each empty state', async ({ page }) => {
      await logInAsAdmin(page);
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let answer: 'refused' | 'none' = 'refused';
      await page.route(AUDIT_API, async (route) => {
        await released;
        if (answer === 'refused') {
          // A 4xx, which the app does not try again: what an admin demoted meanwhile would get.
          return route.fulfill({ status: 403, json: { message: 'Only the shop’s admins can do that.' } });
        }
        return route.fulfill({ json: { items: [], total: 0 } });
      });

      await page.goto('/admin/audit');
      await expect(actionField(page)).toBeVisible();
      await expect(main(page).getByRole('status')).toHaveText('Loading…');
      release();
      const alert = main(page).getByRole('alert');
      await expect(alert).toContainText('Only the shop’s admins can do that.');

      answer = 'none';
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(main(page).getByText('No changes recorded yet.')).toBeVisible();
      await expect(alert).toHaveCount(0);

      await page.goto('/admin/audit?action=review.deleted');
      await expect(main(page).getByText('No changes match these filters.')).toBeVisible();
    });
  });
});

test.describe('an admin at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('reads the changes with nothing wider than the phone', async ({ page, request }) => {
    const message = `A rather long message without many breaks: ${'crunchy-'.repeat(12)}${crypto.randomUUID()}`;
    await hideNewReview(request, 'Bartholomew Fotheringay-Phipps-Wolstenholme', message);
    await openAdminScreen(page, 'Audit');
    await expect(entryFor(page, message)).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/audit-375.png`, fullPage: true });
  });
});
