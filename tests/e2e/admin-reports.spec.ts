/**
 * Reports (decision 099): the owner's dashboard draws the last 30 days' takings and best sellers as charts, each with
 * its figures as a table for screen readers, and downloads the orders CSV with one press; the Reports screen shows
 * the VAT boxes and downloads the VAT figures. At 375 and 1366 px, axe-clean.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '#tests/e2e/accounts';
import { expectNoSidewaysScroll, logInAsAdmin, placeGuestOrder } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';

const SHOTS = '/work/shots/admin-reports';
const main = (page: Page) => page.getByRole('main');

for (const { width, height } of [
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
]) {
  test.describe(`the owner at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('reads the charts and their tables, and downloads the orders and VAT CSVs', async ({ page, request }) => {
      test.setTimeout(90_000);
      const { orderNumber } = await placeGuestOrder(request);
      await logInAsAdmin(page, '/admin');
      const takings = main(page).getByRole('figure', { name: 'Takings, last 30 days' });
      await expect(takings).toBeVisible();
      // The table a screen reader reads: 30 days, today's takings among them.
      await expect(takings.getByRole('table').getByRole('row')).toHaveCount(31);
      const sellers = main(page).getByRole('figure', { name: 'Best sellers, last 30 days' });
      await expect(sellers.getByRole('row', { name: /Roasted Cashew Nuts \d+ packs/ })).toHaveCount(1);
      if (width === 375) await expectNoSidewaysScroll(page);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/dashboard-${width}.png`, fullPage: true });

      const ordersCsv = page.waitForEvent('download');
      await main(page).getByRole('button', { name: 'Download orders, last 30 days (CSV)' }).click();
      const orders = await ordersCsv;
      expect(orders.suggestedFilename()).toMatch(/^roast-and-co-orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(await readFile(await orders.path(), 'utf8')).toContain(orderNumber);

      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      await expect(main(page).getByText('Box 1: VAT due on sales')).toBeVisible();
      await expect(main(page).getByRole('figure', { name: 'Takings by day' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/reports-${width}.png`, fullPage: true });
      const vatCsv = page.waitForEvent('download');
      await main(page).getByRole('button', { name: 'Download VAT figures (CSV)' }).click();
      const vat = await readFile(await (await vatCsv).path(), 'utf8');
      expect(vat).toContain('Box 1: VAT due on sales,');
      expect(vat).toMatch(/^20%,\d+\.\d{2},\d+\.\d{2},\d+\.\d{2}\r$/m);
    });
  });
}
