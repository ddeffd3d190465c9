/**
 * The header on a 375 px phone (decision 067): one compact row of logo, cart, account and menu, then the
 * search, kept on screen while the page scrolls, with the search's placeholder and category shown whole.
 */
import type { Locator, Page } from '@playwright/test';
import { accountMenuButton, expect, logIn, test } from '#tests/e2e/accounts';

const PHONE = { width: 375, height: 812 };

/** The vertical middle of a control, to tell which row of the header it sits in. */
async function middleOf(control: Locator): Promise<number> {
  const box = await control.boundingBox();
  if (!box) throw new Error('control is not displayed');
  return box.y + box.height / 2;
}

/** Whether a text drawn in an element's own font fits inside its content box (no "Search product…" cut). */
function textFitsIn(page: Page, selector: string, text: 'placeholder' | 'selected option') {
  return page.evaluate(
    ([selector, text]) => {
      const element = document.querySelector<HTMLInputElement | HTMLSelectElement>(selector);
      if (!element) throw new Error(`${selector} missing`);
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no canvas');
      context.font = style.font;
      const shown =
        text === 'placeholder'
          ? (element as HTMLInputElement).placeholder
          : ((element as HTMLSelectElement).selectedOptions[0]?.text ?? '');
      // A select's drop-down arrow takes about 20 px of its content box.
      const arrow = element instanceof HTMLSelectElement ? 20 : 0;
      const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { shown, width: context.measureText(shown).width + arrow, room };
    },
    [selector, text] as const,
  );
}

/** The first row's controls sit side by side, left to right, none over another and all within the screen. */
async function expectOneRowSideBySide(row: Locator[]): Promise<void> {
  const boxes = await Promise.all(row.map((control) => control.boundingBox()));
  const middle = (box: (typeof boxes)[number] | undefined) => (box ? box.y + box.height / 2 : Number.NaN);
  for (const [index, box] of boxes.entries()) {
    expect(box, `control ${index} is displayed`).not.toBeNull();
    expect(Math.abs(middle(box) - middle(boxes[0])), `control ${index} is on the logo's row`).toBeLessThanOrEqual(4);
    const previous = boxes[index - 1];
    if (box && previous)
      expect(box.x, `control ${index} starts after the one before`).toBeGreaterThanOrEqual(previous.x + previous.width);
  }
  const last = boxes.at(-1);
  expect(last && last.x + last.width).toBeLessThanOrEqual(PHONE.width);
}

test.describe('the header on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('is one row of logo, cart, Login and Menu above the search, at most 130 px tall', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    const logo = banner.getByRole('link', { name: 'Roast & Co.' });
    await expectOneRowSideBySide([
      logo,
      banner.getByRole('link', { name: /^Cart, / }),
      banner.getByRole('link', { name: 'Login' }),
      banner.getByRole('button', { name: 'Menu' }),
    ]);
    expect(await middleOf(banner.getByRole('search'))).toBeGreaterThan(await middleOf(logo));
    const header = await banner.boundingBox();
    expect(header?.height).toBeLessThanOrEqual(130);
  });

  test('keeps the cart a tap away at the bottom of a long page', async ({ page }) => {
    await page.goto('/product/roasted-cashew-nuts');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    const cart = page.getByRole('banner').getByRole('link', { name: /^Cart, / });
    await expect(cart).toBeInViewport();
    await cart.click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('shows the search placeholder and the category whole', async ({ page }) => {
    await page.goto('/');
    const placeholder = await textFitsIn(page, 'header input[type="search"]', 'placeholder');
    expect(placeholder.shown).toBe('Search products');
    expect(placeholder.width).toBeLessThanOrEqual(placeholder.room);
    const category = await textFitsIn(page, 'header select', 'selected option');
    expect(category.shown).toBe('All categories');
    expect(category.width).toBeLessThanOrEqual(category.room);
  });

  test('offers Signup in the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Signup' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("keeps a customer's menu on the first row", async ({ page, customer }) => {
    await logIn(page, customer);
    const banner = page.getByRole('banner');
    const account = accountMenuButton(page, customer.name);
    // A name too long for the row is cut short rather than pushing the cart over the logo.
    await expectOneRowSideBySide([
      banner.getByRole('link', { name: 'Roast & Co.' }),
      banner.getByRole('link', { name: /^Cart, / }),
      account,
      banner.getByRole('button', { name: 'Menu' }),
    ]);
    await page.screenshot({ path: test.info().outputPath('logged-in-header.png') });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Signup' })).toHaveCount(0);
  });
});
