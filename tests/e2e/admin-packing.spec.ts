/**
 * The packing page, worked by a member of staff (decision 097): they open Packing, read the pick list and a slip per
 * order with its allergens and address, tick two orders as packed (one with a tracking number), mark them dispatched
 * together after being asked again, and each buyer is mailed; the page prints as the pick list then one page per slip, without the shop around it. At
 * 375 and 1366 px, axe-clean.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from '#tests/e2e/accounts';
import { aStaffMember, expectNoSidewaysScroll, placeGuestOrder } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';

const SHOTS = '/work/shots/admin-packing';
const main = (page: Page) => page.getByRole('main');
const slip = (page: Page, orderNumber: string) => main(page).getByRole('article', { name: `Order ${orderNumber}` });

for (const { width, height } of [
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
]) {
  test.describe(`a member of staff at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('packs two orders from the pick list and slips, and dispatches them together', async ({
      page,
      request,
      outbox,
    }) => {
      test.setTimeout(90_000);
      const first = await placeGuestOrder(request);
      const second = await placeGuestOrder(request);
      await logIn(page, await aStaffMember(request, outbox));
      await page.goto('/admin');
      const nav = page.getByRole('navigation', { name: 'Admin' });
      await expect(nav.getByRole('link')).toHaveText(['Orders', 'Packing', 'Reviews', 'Messages']);
      await nav.getByRole('link', { name: 'Packing' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Packing' })).toBeVisible();

      const picks = main(page).getByRole('region', { name: 'Pick list' });
      const cashews = picks.getByRole('row', { name: /^Roasted Cashew Nuts/ }).filter({ hasText: '500g' });
      // Both orders hold 2 × cashews 500g: at least 4 to pick, whatever else waits.
      expect(Number(await cashews.getByRole('cell').last().textContent())).toBeGreaterThanOrEqual(4);
      const one = slip(page, first.orderNumber);
      await expect(one).toContainText('Roasted Cashew Nuts, 500g');
      await expect(one).toContainText('Contains: Tree nuts');
      await expect(one).toContainText('Ada Lovelace');
      if (width === 375) await expectNoSidewaysScroll(page);
      expect(await violations(page)).toEqual([]);

      // Printed: the pick list, then a page per slip; no header, footer, admin links or controls.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(one.getByRole('checkbox')).toBeHidden();
      await page.screenshot({ path: `${SHOTS}/print-${width}.png`, fullPage: true });
      const pdf = await page.pdf({ format: 'A4', path: `${SHOTS}/packing-${width}.pdf` });
      const slips = await main(page).getByRole('article').count();
      const pages = (await readFile(`${SHOTS}/packing-${width}.pdf`, 'latin1')).match(/\/Type\s*\/Page[^s]/g)?.length;
      expect(pdf.byteLength).toBeGreaterThan(0);
      expect(pages).toBeGreaterThanOrEqual(slips + 1);
      await page.emulateMedia({ media: 'screen' });

      await one.getByRole('checkbox', { name: `Packed ${first.orderNumber}` }).check();
      await one.getByLabel(`Tracking number for ${first.orderNumber} (optional)`).fill('RM123456785GB');
      await slip(page, second.orderNumber)
        .getByRole('checkbox', { name: `Packed ${second.orderNumber}` })
        .check();
      await main(page).getByRole('button', { name: 'Mark as dispatched (2)' }).click();
      await expect(main(page).getByText('Mark 2 orders as dispatched?')).toBeFocused();
      await expect(main(page)).toContainText(
        `${first.orderNumber}, ${second.orderNumber}. Each buyer will be e-mailed.`,
      );
      await page.screenshot({ path: `${SHOTS}/confirm-${width}.png` });
      await main(page).getByRole('button', { name: 'Yes, mark as dispatched' }).click();
      await expect(main(page).getByRole('status').filter({ hasText: 'Marked as dispatched' })).toHaveText(
        `Marked as dispatched: ${first.orderNumber}, ${second.orderNumber}. The buyers have been e-mailed.`,
      );
      await expect(slip(page, first.orderNumber)).toHaveCount(0);
      await expect(slip(page, second.orderNumber)).toHaveCount(0);
      for (const { email, orderNumber } of [first, second]) {
        await expect
          .poll(async () => (await outbox.mailsTo(email)).map((mail) => mail.subject), { timeout: 10_000 })
          .toContain(`Your Roast & Co. order ${orderNumber} is on its way`);
      }
      const tracked = (await outbox.mailsTo(first.email)).find((mail) => mail.subject.includes('on its way'));
      expect(tracked?.text).toContain('RM123456785GB');
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/after-${width}.png`, fullPage: false });
    });
  });
}
