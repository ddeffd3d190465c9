/**
 * The owner's screens in browser tests: a paid guest order to act on, the shop's admin logged in (and one of their
 * screens opened from the 'Admin' navigation), a list's page held back to see the screen while it loads, and the
 * check that a phone's width never scrolls sideways. Apart from admin.ts, which the Playwright config reads and so
 * imports nothing.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, logIn } from '#tests/e2e/accounts';
import { e2eAdmin } from '#tests/e2e/admin';
import { apiToken, payForTestCart } from '#tests/e2e/checkout';
import type { Outbox } from '#tests/e2e/outbox';

/** A guest's paid order of the shared test cart (£20.37), as the owner will see it. */
export async function placeGuestOrder(
  request: APIRequestContext,
): Promise<{ orderId: string; orderNumber: string; email: string }> {
  const sessionId = await payForTestCart(request);
  const verified = await request.get(`/api/orders/verify-stripe/${encodeURIComponent(sessionId)}`);
  expect(verified.status(), await verified.text()).toBe(200);
  const { order } = (await verified.json()) as { order: { _id: string; orderNumber: string; guestEmail: string } };
  return { orderId: order._id, orderNumber: order.orderNumber, email: order.guestEmail };
}

/** The admin's bearer token, for changes made through the API rather than the screens. */
export const adminToken = (request: APIRequestContext) => apiToken(request, e2eAdmin.email, e2eAdmin.password);

/** Logs in as the shop's admin through the login page, then opens `path` if given. */
export async function logInAsAdmin(page: Page, path?: string): Promise<void> {
  await logIn(page, e2eAdmin);
  if (path) await page.goto(path);
}

/**
 * A member of staff (or a second admin) who has joined, as the owner's invitation makes one (decision 097): invited
 * through the API, the link read from their mail, their password set through it. Log in with `logIn(page, member)`.
 */
export async function aStaffMember(
  request: APIRequestContext,
  outbox: Outbox,
  { role = 'staff', name = 'Sam Packer' }: { role?: 'staff' | 'admin'; name?: string } = {},
): Promise<{ name: string; email: string; password: string }> {
  const member = {
    name,
    email: `staff-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'pick-and-pack-all-day',
  };
  const token = await adminToken(request);
  const invited = await request.post('/api/admin/staff', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: member.name, email: member.email, role },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = /\/staff\/accept\/([\w-]+)/.exec((await outbox.nextMailTo(member.email)).text);
  expect(link, 'the invitation mail has its link').toBeTruthy();
  const accepted = await request.post(`/api/staff/accept/${link![1]}`, { data: { password: member.password } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return member;
}

export type AdminScreen = 'Orders' | 'Packing' | 'Products' | 'Reports' | 'Reviews' | 'Messages' | 'Staff' | 'Audit';

/** Logs in as the admin and opens a screen as the owner would: /admin, then its link in the 'Admin' navigation. */
export async function openAdminScreen(page: Page, screen: AdminScreen): Promise<void> {
  await logInAsAdmin(page, '/admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: screen }).click();
  await expect(nav.getByRole('link', { name: screen })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
  await expect(page).toHaveTitle(`${screen} | Admin | Roast & Co.`);
}

/** Nothing on the page is wider than the window (at 375 px: no sideways scroll on a phone). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth, wider } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The innermost elements that reach past the window, named, so a failure says what to fix.
    const wider = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => ![...element.children].some((child) => child.getBoundingClientRect().right > width + 0.5))
      .slice(0, 5)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.textContent?.slice(0, 80)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, wider };
  });
  expect(scrollWidth, `wider than the window: ${wider.join(' | ')}`).toBeLessThanOrEqual(clientWidth);
}

/** An owner's list while another page or filter of it loads: the last one, still shown, marked busy. */
export const busyList = (page: Page) => page.getByRole('main').locator('[aria-busy="true"]');

/**
 * Holds back an owner's list's requests for the page at `offset` until the function returned is called, so a test
 * sees what the screen shows while that page loads. Added after the route that answers the list, it runs first and
 * then hands each request on to it.
 */
export async function holdListPage(page: Page, url: string, offset: number): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (new URL(route.request().url()).searchParams.get('offset') === String(offset)) await released;
    await route.fallback();
  });
  return release;
}
