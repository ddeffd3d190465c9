/**
 * The contact form and the chat link in Chromium: the header's 'Contact Us' link on desktop and in the phone menu,
 * a message reaching the shop's outbox, the server's validation and a lost connection shown in the shop's words,
 * and the floating WhatsApp link on every page without ever covering a button on a phone.
 */
import type { Locator, Page } from '@playwright/test';
import { uniqueEmail } from '#tests/accounts';
import { expect, test } from '#tests/e2e/base-test';
import { Outbox } from '#tests/e2e/outbox';
import { startAsGuestWith } from '#tests/e2e/cart';

const SHOP_EMAIL = 'hello@roastandco.example';
const RECEIVED = 'Thank you for your message. We will get back to you soon.';
const FAILED = 'Failed to submit your message. Please try again later.';
const CHAT_NAME = 'Chat with us on WhatsApp (opens in a new tab)';

const header = (page: Page) => page.getByRole('banner');
const chatLink = (page: Page) => page.getByRole('link', { name: CHAT_NAME, exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });

async function fillForm(page: Page, values: { name: string; email: string; phone?: string; message: string }) {
  await page.getByLabel('Name *').fill(values.name);
  await page.getByLabel('Email *').fill(values.email);
  await page.getByLabel('Phone').fill(values.phone ?? '');
  await page.getByLabel('Message *').fill(values.message);
}

/** True when the colour (as computed: rgb() or oklch()) is a green or teal, as the shop's success message is. */
function isGreen(colour: string): boolean {
  const oklch = /^oklch\(([\d.]+)%?\s+([\d.]+)\s+([\d.]+)/.exec(colour);
  if (oklch) return Number(oklch[2]) > 0.02 && Number(oklch[3]) >= 120 && Number(oklch[3]) <= 200;
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (!rgb) throw new Error(`Unexpected colour ${colour}`);
  const [red, green, blue] = rgb.slice(1).map(Number) as [number, number, number];
  return green > red && green >= blue;
}

test.describe('the contact form', () => {
  test('the header links to it; a message is sent, shown as the server words it in green, and mailed to the shop', async ({
    page,
  }) => {
    const outbox = new Outbox();
    await page.goto('/');
    await header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page).toHaveTitle('Contact Us | Roast & Co.');
    // The shop's details beside the form.
    await expect(page.getByRole('main').getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute(
      'href',
      'tel:+442079460958',
    );
    await expect(page.getByRole('main').getByRole('link', { name: SHOP_EMAIL })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Unit 4, 18 Roastery Lane');

    const email = uniqueEmail('contact-e2e');
    const message = `Do you sell <b>unsalted</b> cashews in 1kg bags? (${email})`;
    await fillForm(page, { name: 'Grace Hopper', email, phone: '+44 20 7946 0000', message });
    await sendButton(page).click();

    const status = page.getByRole('status').filter({ hasText: RECEIVED });
    await expect(status).toHaveText(RECEIVED);
    expect(isGreen(await status.evaluate((element) => getComputedStyle(element).color))).toBe(true);
    // The form is cleared for the next message.
    for (const label of ['Name *', 'Email *', 'Phone', 'Message *'])
      await expect(page.getByLabel(label)).toHaveValue('');

    const mailsAbout = async () => (await outbox.mailsTo(SHOP_EMAIL)).filter((mail) => mail.text.includes(email));
    await expect.poll(async () => (await mailsAbout()).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mailsAbout();
    expect(mail?.subject).toBe('Contact form: Grace Hopper');
    expect(mail?.headers['reply-to']).toBe(email);
    expect(mail?.text).toContain(message);
    expect(mail?.html).toContain('&lt;b&gt;unsalted&lt;/b&gt;');
  });

  test.describe('when the server refuses the message', () => {
    test.use({ allowedConsoleError: /Failed to load resource: the server responded with a status of 400/ });

    test('nothing blocks sending in the browser; the server’s message is shown and what was typed stays', async ({
      page,
    }) => {
      await page.goto('/contact');
      // An empty form is sent as it is (the form has no client-side required rules) and the server answers.
      const emptyRequest = page.waitForRequest('**/api/contact/submit');
      await sendButton(page).click();
      expect((await emptyRequest).postDataJSON()).toEqual({ name: '', email: '', phone: '', message: '' });
      // Each refused field says why under it; the first takes focus.
      await expect(page.getByRole('alert')).toHaveText([
        'Please enter your name.',
        'Please enter your e-mail address.',
        'Please enter your message.',
      ]);
      await expect(page.getByLabel('Name *')).toBeFocused();

      await fillForm(page, { name: 'Ada Lovelace', email: 'ada at example', phone: '020 7946 0958', message: 'Hi!' });
      await sendButton(page).click();
      // A list, so the wait lasts until the server's answer replaces the three messages of the first try.
      await expect(page.getByRole('alert')).toHaveText(['Please enter a valid e-mail address.']);
      await expect(page.getByLabel('Email *')).toBeFocused();
      await expect(page.getByLabel('Name *')).toHaveValue('Ada Lovelace');
      await expect(page.getByLabel('Email *')).toHaveValue('ada at example');
      await expect(page.getByLabel('Phone')).toHaveValue('020 7946 0958');
      await expect(page.getByLabel('Message *')).toHaveValue('Hi!');
      await expect(page.getByRole('status')).toHaveCount(0);
    });
  });

  test.describe('when the shop cannot be reached', () => {
    test.use({ allowedConsoleError: /Failed to load resource/ });

    test('shows the shop’s text and keeps what was typed', async ({ page }) => {
      await page.route('**/api/contact/submit', (route) => route.abort());
      await page.goto('/contact');
      await fillForm(page, { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Are you there?' });
      await sendButton(page).click();
      await expect(page.getByRole('alert')).toHaveText(FAILED);
      await expect(page.getByLabel('Message *')).toHaveValue('Are you there?');
      await expect(sendButton(page)).toBeEnabled();
    });
  });

  test('on a phone, the menu’s Contact Us link leads to the form', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/about');
    const nav = header(page).getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeHidden();
  });
});

/**
 * Asserts that nothing lies on top of `target` at any of several scroll positions that bring it to the bottom of
 * the viewport, where the chat button floats: the browser's own hit test at points across it finds the target.
 */
async function expectNeverCovered(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  for (const gapBelow of [4, 16, 32, 48, 64]) {
    await target.evaluate((element, gap) => {
      const box = element.getBoundingClientRect();
      window.scrollBy(0, box.bottom - (window.innerHeight - gap));
    }, gapBelow);
    await expect
      .poll(
        () =>
          target.evaluate((element) => {
            const box = element.getBoundingClientRect();
            // Clear of the rounded corners, which the browser's hit test leaves to what is behind them.
            const xs = [box.left + 10, box.left + box.width / 2, box.right - 10];
            const ys = [box.top + 6, box.top + box.height / 2, box.bottom - 6];
            const hidden: string[] = [];
            for (const x of xs)
              for (const y of ys) {
                const top = document.elementFromPoint(x, y);
                if (top && !element.contains(top))
                  hidden.push(`(${Math.round(x)}, ${Math.round(y)}) under ${top.outerHTML.slice(0, 60)}`);
              }
            return hidden;
          }),
        { message: `nothing covers it with ${gapBelow}px below it` },
      )
      .toEqual([]);
  }
}

/** The boxes of the chat link and `target` as the page first shows them do not overlap. */
async function expectApartOnLoad(page: Page, target: Locator) {
  const [chat, other] = await Promise.all([chatLink(page).boundingBox(), target.boundingBox()]);
  if (!chat || !other) throw new Error('both should have a box');
  const overlap =
    chat.x < other.x + other.width &&
    other.x < chat.x + chat.width &&
    chat.y < other.y + other.height &&
    other.y < chat.y + chat.height;
  expect(overlap, `chat ${JSON.stringify(chat)} against ${JSON.stringify(other)}`).toBe(false);
}

test.describe('the chat link', () => {
  test('is on every page, opens a WhatsApp chat with the shop in a new tab, and is reached by keyboard', async ({
    page,
  }) => {
    for (const url of ['/', '/contact', '/product/roasted-cashew-nuts', '/cart']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const link = chatLink(page);
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', 'https://wa.me/442079460958');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
    }
    // Last in the page's order: focus shows it whatever lies beneath.
    await chatLink(page).focus();
    await expect(chatLink(page)).toBeFocused();
    await expect(chatLink(page)).toHaveCSS('opacity', '1');
  });

  test.describe('on a 375 × 667 phone', () => {
    test.use({ viewport: { width: 375, height: 667 } });

    test('never covers the cart’s Proceed to Checkout button, and shows again once clear of it', async ({ page }) => {
      await startAsGuestWith(page, [
        { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g' },
        { _id: 'sea-salt-roasted-almonds', qty: 1, selectedWeight: '250g' },
      ]);
      await page.goto('/cart');
      const checkout = page.getByRole('button', { name: 'Proceed to Checkout' });
      await expect(checkout).toBeVisible();
      await expectApartOnLoad(page, checkout);
      await expectNeverCovered(checkout);
      await expectNeverCovered(page.getByRole('button', { name: 'Remove All' }));

      // Scrolled to the very end, nothing is under it and it shows.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(chatLink(page)).toHaveCSS('opacity', '1');
    });

    test('never covers the buttons of the product page or of a product card', async ({ page }) => {
      await page.goto('/product/roasted-cashew-nuts');
      await expect(page.getByRole('heading', { level: 1, name: 'Roasted Cashew Nuts' })).toBeVisible();
      const main = page.getByRole('main');
      const buttons = ['Add to Cart', 'BUY NOW'].map((name) => main.getByRole('button', { name, exact: true }));
      for (const button of buttons) await expectApartOnLoad(page, button);
      for (const button of buttons) await expectNeverCovered(button);

      await page.goto('/product?category=Nuts');
      for (const name of ['Add to Cart: Roasted Cashew Nuts', 'Buy Now: Roasted Cashew Nuts']) {
        await expectNeverCovered(page.getByRole('button', { name }));
      }
    });
  });
});
