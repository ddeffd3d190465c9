/** Cart steps shared by the cart and checkout journeys. */
import { expect, type Page } from '@playwright/test';

export const guestDialog = (page: Page) => page.getByRole('dialog', { name: 'Login or Continue as Guest' });

/** Adds a product from its card on the page shown, continuing as a guest when `asNewGuest` (the popup asks). */
export async function addFromCard(page: Page, name: string, { asNewGuest = false } = {}) {
  await page.getByRole('button', { name: `Add to Cart: ${name}` }).click();
  if (asNewGuest) {
    await expect(guestDialog(page)).toBeVisible();
    await guestDialog(page).getByRole('button', { name: 'Continue as Guest' }).click();
  }
  await expect(
    page
      .getByRole('main')
      .getByRole('article')
      .filter({ hasText: name })
      .getByRole('link', { name: 'Already in Cart' }),
  ).toBeVisible();
}

/** A guest with these cart lines in local storage before the page's own scripts run (as a returning guest has). */
export async function startAsGuestWith(page: Page, lines: { _id: string; qty: number; selectedWeight: string }[]) {
  await page.addInitScript((stored) => {
    localStorage.setItem('isGuest', 'true');
    localStorage.setItem('guestCart', stored);
  }, JSON.stringify(lines));
}
