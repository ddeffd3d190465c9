/**
 * The owner's Orders screen (decision 071): 'Admin' in the account menu for admins only; /admin for an
 * admin (orders newest first, filtered by status and searched by number, paged 50 at a time, loading, error and empty
 * states) at 1366 and 375 px, by keyboard, scanned by axe; a customer's not-allowed page with nothing asked of
 * /api/admin; a visitor sent to /login and back. The admin is the e2e server's own (playwright.config.ts).
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { AdminOrder, AdminOrderList } from '#shared/schemas/admin';
import { accountMenuButton, expect, logIn, test } from '#tests/e2e/accounts';
import { e2eAdmin } from '#tests/e2e/admin';
import {
  adminToken,
  busyList,
  expectNoSidewaysScroll,
  holdListPage,
  logInAsAdmin,
  placeGuestOrder,
} from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';

const ORDERS_API = '**/api/admin/orders?*';

/** One real order from the admin API, to copy into made-up pages of any length. */
async function anAdminOrder(request: APIRequestContext): Promise<AdminOrder> {
  const token = await adminToken(request);
  const response = await request.get('/api/admin/orders?limit=1', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as AdminOrderList;
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** `total` orders numbered from RC-9000 down, answered a page at a time as the API would; the requests are kept. */
async function answerWithOrders(page: Page, template: AdminOrder, total: number): Promise<URL[]> {
  const asked: URL[] = [];
  await page.route(ORDERS_API, (route: Route) => {
    const url = new URL(route.request().url());
    asked.push(url);
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => {
      const number = 9000 - offset - index;
      return { ...template, _id: `order-${number}`, orderNumber: `RC-${number}` };
    });
    return route.fulfill({ json: { items, total } satisfies AdminOrderList });
  });
  return asked;
}

const main = (page: Page) => page.getByRole('main');
const ordersTable = (page: Page) => main(page).getByRole('table', { name: 'Orders, newest first' });
const orderCards = (page: Page) => main(page).getByRole('list', { name: 'Orders, newest first' }).getByRole('article');
/** The table's body rows, each headed by its order number. */
const orderRows = (page: Page) =>
  ordersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

test.describe('an admin at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('reaches Orders from the account menu, and finds an order by status and number', async ({ page, request }) => {
    const { orderNumber, email } = await placeGuestOrder(request);
    await logInAsAdmin(page);

    await accountMenuButton(page, e2eAdmin.name).click();
    const menu = page.getByRole('menu', { name: e2eAdmin.name });
    await expect(menu.getByRole('menuitem')).toHaveText(['My Orders', 'My Account', 'Admin', 'Logout']);
    await menu.getByRole('menuitem', { name: 'Admin' }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page).toHaveTitle('Orders | Admin | Roast & Co.');
    await expect(orderCards(page)).toHaveCount(0);
    await expect(orderRows(page).first()).toBeVisible();
    // Newest first: the order numbers count down.
    const numbers = (await orderRows(page).getByRole('rowheader').allTextContents()).map((text) =>
      Number(text.replace('RC-', '')),
    );
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    const status = page.getByLabel('Status');
    const search = page.getByRole('searchbox', { name: /^Search orders/ });
    await expect(search).toHaveAccessibleDescription('Order number, name or e-mail');

    // No order is delivered yet: this one cannot be among them.
    await status.selectOption('Delivered');
    await expect(page).toHaveURL(/\/admin\?status=delivered$/);
    await search.fill(orderNumber);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin\\?status=delivered&q=${orderNumber}$`));
    await expect(main(page).getByText('No orders match.')).toBeVisible();
    await expect(ordersTable(page)).toHaveCount(0);

    // The search words stay when the status changes.
    await status.selectOption('Processing');
    await expect(page).toHaveURL(new RegExp(`/admin\\?status=processing&q=${orderNumber}$`));
    await expect(main(page).getByRole('heading', { level: 2, name: '1 order' })).toBeVisible();
    await expect(orderRows(page)).toHaveCount(1);
    const row = orderRows(page).first();
    await expect(row.getByRole('rowheader')).toHaveText(orderNumber);
    await expect(row.getByRole('cell')).toHaveText([
      /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
      'Ada Lovelace',
      email,
      '£20.37',
      'Processing',
    ]);
    // No paging for one page.
    await expect(main(page).getByRole('button', { name: 'Next' })).toHaveCount(0);

    // The number without its 'RC-', by keyboard from the search field to the button.
    await status.selectOption('All');
    await search.fill(orderNumber.replace('RC-', ''));
    await page.keyboard.press('Tab');
    await expect(main(page).getByRole('button', { name: 'Search' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${orderNumber.replace('RC-', '')}$`));
    await expect(orderRows(page).getByRole('rowheader')).toHaveText([orderNumber]);

    // Back restores each list and its fields as they were.
    await page.goBack();
    await expect(status).toHaveValue('');
    await expect(search).toHaveValue(orderNumber);
    await page.goBack();
    await expect(status).toHaveValue('processing');
    await expect(orderRows(page)).toHaveCount(1);
  });

  test('pages through orders 50 at a time, with the range between Previous and Next', async ({ page, request }) => {
    await placeGuestOrder(request);
    const template = await anAdminOrder(request);
    await logInAsAdmin(page);
    const asked = await answerWithOrders(page, template, 120);

    await page.goto('/admin');
    const heading = main(page).getByRole('heading', { level: 2, name: /^Orders \d/ });
    const pages = main(page).getByRole('navigation', { name: 'Pages of orders' });
    const previous = pages.getByRole('button', { name: 'Previous' });
    const next = pages.getByRole('button', { name: 'Next' });

    await expect(heading).toHaveText('Orders 1–50 of 120');
    await expect(orderRows(page)).toHaveCount(50);
    await expect(pages).toContainText('1–50 of 120');
    await expect(previous).toBeDisabled();
    expect(asked.at(-1)?.search).toBe('?limit=50&offset=0');

    // Page 2 is held back: until it comes, page 1 stays on screen under its own heading and range, marked busy.
    const releasePage2 = await holdListPage(page, ORDERS_API, 50);
    await next.click();
    await expect(page).toHaveURL(/\/admin\?page=2$/);
    await expect(busyList(page).getByRole('heading', { level: 2 })).toHaveText('Orders 1–50 of 120');
    await expect(orderRows(page).first().getByRole('rowheader')).toHaveText('RC-9000');
    await expect(pages).toContainText('1–50 of 120');
    releasePage2();
    await expect(heading).toHaveText('Orders 51–100 of 120');
    await expect(busyList(page)).toHaveCount(0);
    await expect(orderRows(page).first().getByRole('rowheader')).toHaveText('RC-8950');
    await expect(pages).toContainText('51–100 of 120');
    expect(asked.at(-1)?.search).toBe('?limit=50&offset=50');
    // The new page is read from its top.
    await expect(heading).toBeFocused();

    await next.click();
    await expect(heading).toHaveText('Orders 101–120 of 120');
    await expect(orderRows(page)).toHaveCount(20);
    await expect(next).toBeDisabled();

    await previous.click();
    await expect(heading).toHaveText('Orders 51–100 of 120');

    // A changed filter starts again at the first page.
    await page.getByLabel('Status').selectOption('Processing');
    await expect(page).toHaveURL(/\/admin\?status=processing$/);
    await expect(heading).toHaveText('Orders 1–50 of 120');
    expect(asked.at(-1)?.search).toBe('?limit=50&offset=0&status=processing');
  });

  test.describe('when the orders cannot be shown', () => {
    // The failed loads are the point: Chromium reports them, and the app logs them.
    test.use({ allowedConsoleError: /Failed to load resource|Could not load \["customer","admin","orders"/ });

    test('shows loading, the server’s message with Retry, a plain message for an answer of another shape, and an empty list', async ({
      page,
    }) => {
      await logInAsAdmin(page);
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let answer: 'refused' | 'another shape' | 'none' = 'refused';
      await page.route(ORDERS_API, async (route) => {
        await released;
        if (answer === 'refused') {
          // A 4xx, which the app does not try again: what an admin demoted meanwhile would get.
          return route.fulfill({ status: 403, json: { message: 'Only the shop’s admins can do that.' } });
        }
        if (answer === 'another shape') return route.fulfill({ json: { orders: [] } });
        return route.fulfill({ json: { items: [], total: 0 } satisfies AdminOrderList });
      });

      await page.goto('/admin');
      // The screen is there, its list on its way.
      await expect(page.getByLabel('Status')).toBeVisible();
      await expect(main(page).getByRole('status')).toHaveText('Loading…');
      release();
      const alert = main(page).getByRole('alert');
      await expect(alert).toContainText('Only the shop’s admins can do that.');

      // An answer the app cannot read is tried twice more (1 s, then 2 s later) before it says so.
      answer = 'another shape';
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(alert).toContainText('We could not load the orders. Please try again.');

      answer = 'none';
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(main(page).getByText('No orders yet.')).toBeVisible();
      await expect(alert).toHaveCount(0);
    });
  });

  test('has no WCAG A or AA violations, with orders and with none matching', async ({ page, request }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await placeGuestOrder(request);
    await logInAsAdmin(page, '/admin');
    await expect(orderRows(page).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/admin?q=no-such-order-anywhere');
    await expect(main(page).getByText('No orders match.')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('an admin at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('sees each order as a card, with no sideways scroll, and pages by keyboard', async ({ page, request }) => {
    const { orderNumber, email } = await placeGuestOrder(request);
    await logInAsAdmin(page, `/admin?q=${orderNumber}`);

    const card = orderCards(page).first();
    await expect(orderCards(page)).toHaveCount(1);
    await expect(ordersTable(page)).toBeHidden();
    await expect(card.getByRole('heading', { name: orderNumber })).toBeVisible();
    await expect(card).toContainText('Processing');
    await expect(card).toContainText('Ada Lovelace');
    await expect(card).toContainText(email);
    await expect(card).toContainText('Total £20.37');
    await expectNoSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);

    // A full page of long names and addresses, and the paging below it.
    const template = await anAdminOrder(request);
    await answerWithOrders(
      page,
      {
        ...template,
        email: `a.very.long.address.for.a.shopper.${'x'.repeat(40)}@example.com`,
        shippingAddress: { ...template.shippingAddress, name: 'Bartholomew Fotheringay-Phipps-Wolstenholme' },
      },
      120,
    );
    await page.goto('/admin');
    await expect(orderCards(page)).toHaveCount(50);
    // The dashboard above the list is in (its figures, lists and charts), so nothing moves the list after this.
    await expect(main(page).getByRole('heading', { name: 'Unpaid checkouts today' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Reports, VAT and downloads' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    const next = main(page).getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(main(page).getByRole('heading', { level: 2, name: /^Orders \d/ })).toHaveText('Orders 51–100 of 120');
    await expect(main(page).getByRole('heading', { level: 2, name: /^Orders \d/ })).toBeFocused();
    await expect(main(page).getByRole('heading', { level: 2, name: /^Orders \d/ })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('a customer', () => {
  test('never sees Admin, and gets the not-allowed page at /admin with nothing asked of /api/admin', async ({
    page,
    customer,
  }) => {
    const adminRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin')) adminRequests.push(request.url());
    });
    await logIn(page, customer);

    await accountMenuButton(page).click();
    const menu = page.getByRole('menu', { name: customer.name });
    await expect(menu.getByRole('menuitem')).toHaveText(['My Orders', 'My Account', 'Logout']);
    await page.keyboard.press('Escape');

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(main(page)).toContainText('This part of the shop is for our staff only.');
    await expect(page).toHaveTitle('Not allowed | Roast & Co.');
    await expect(page.getByLabel('Status')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    expect(adminRequests).toEqual([]);

    await main(page).getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('a visitor who is not logged in is sent to /login, and back to the orders once logged in as admin', async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  await page.getByLabel('Email address').fill(e2eAdmin.email);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

test('search engines are kept out of /admin', async ({ request }) => {
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/admin<');
});

test('robots.txt disallows /admin', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /admin\n');
});
