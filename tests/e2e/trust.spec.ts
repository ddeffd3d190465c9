/**
 * What a careful UK shopper checks before trusting the shop: the legal pages and the company's details in
 * the footer, a payment page whose Back button never asks to resubmit a form, reviews that show their date, their
 * average and a visible thank-you, plain words where there is no order or the reset link is spent, a chat button
 * that covers no text, and a contact form that shows each field's error at the field.
 */
import type { Page } from '@playwright/test';
import { cartPayload, guestAddress, testCard } from '#tests/checkout';
import { expect, test } from '#tests/e2e/accounts';
import { resetTokenFrom } from '#tests/e2e/outbox';
import { reviewPage, reviewsApi } from '#tests/e2e/reviews';

const CHAT_NAME = 'Chat with us on WhatsApp (opens in a new tab)';
const failedRequest = (...statuses: number[]) =>
  new RegExp(`Failed to load resource: the server responded with a status of (${statuses.join('|')})`);

/** A date as the shop writes it: '3 November 2026', in London's calendar. */
const ukDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(date);

const LEGAL_PAGES = [
  {
    link: 'Privacy Policy',
    url: '/privacy',
    title: 'Privacy Policy | Roast & Co.',
    heading: 'Privacy Policy',
    says: ['UK GDPR', 'how long', 'Information Commissioner'],
  },
  {
    link: 'Terms of Use',
    url: '/terms',
    title: 'Terms and Conditions | Roast & Co.',
    heading: 'Terms and Conditions',
    says: ['14 days', 'VAT', 'perishable'],
  },
  {
    link: 'Delivery',
    url: '/delivery',
    title: 'Delivery Information | Roast & Co.',
    heading: 'Delivery Information',
    says: ['3 - 5 Business Days', 'Standard delivery is free', 'dispatch'],
  },
] as const;

for (const width of [375, 1366]) {
  test.describe(`the legal pages at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('are linked from the footer, which names the company beside its address', async ({ page }) => {
      for (const legal of LEGAL_PAGES) {
        await page.goto('/about');
        const footer = page.getByRole('contentinfo');
        await expect(footer).toContainText('Unit 4, 18 Roastery Lane');
        await expect(footer).toContainText(/Company number \d{8}/);
        await expect(footer).toContainText(/VAT number GB \d{3} \d{4} \d{2}/);
        for (const social of await footer.getByRole('link', { name: /^Roast & Co\. on / }).all()) {
          await expect(social).toHaveAttribute('href', /roastandco/);
        }
        await footer.getByRole('link', { name: legal.link, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${legal.url}$`));
        await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
        await expect(page).toHaveTitle(legal.title);
        for (const text of legal.says) await expect(page.getByRole('main')).toContainText(text);
      }
    });
  });
}

test('the legal pages come rendered from the server, with a description and canonical link, and are in the sitemap', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const legal of LEGAL_PAGES) {
    const response = await request.get(legal.url);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1`);
    expect(html).toContain(legal.heading);
    expect(html).toContain(`<title>${legal.title.replace('&', '&amp;')}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:`);
    expect(sitemap).toContain(`${legal.url}</loc>`);
  }
});

test.describe('the test payment page (item 11)', () => {
  test('Back after a declined card and then a paid one never lands on a form to resubmit', async ({
    page,
    request,
  }) => {
    const started = await request.post('/api/orders/create-stripe-session', {
      data: cartPayload(guestAddress({ name: 'Ada Lovelace' })),
    });
    expect(started.status()).toBe(200);
    const { id } = (await started.json()) as { id: string };
    await page.goto(`/pay/${encodeURIComponent(id)}`);

    const fill = async (cardNumber: string) => {
      await page.getByLabel('Card number').fill(cardNumber);
      await page.getByLabel('Expiry').fill(testCard.expiry);
      await page.getByLabel('CVC').fill(testCard.cvc);
      await page.getByLabel('Name on card').fill(testCard.nameOnCard);
      await page.getByRole('button', { name: /^Pay / }).click();
    };
    await fill('4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await fill(testCard.cardNumber);
    await expect(page.getByRole('heading', { level: 1, name: 'Order confirmed' })).toBeVisible({ timeout: 10_000 });

    // Back, and back again: each page is a page, never Chromium's 'Confirm Form Resubmission'.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Confirm Form Resubmission');
    await expect(page).toHaveURL(/\/(success|order-confirmation)\?session_id=/);
  });
});

test.describe('reviews (item 12)', () => {
  test('the thank-you after submitting is on screen and the new review shows its date', async ({ page }) => {
    await page.goto('/reviews');
    await page.getByRole('button', { name: '+ Add a Review' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Dated Reviewer');
    await dialog.locator('label', { has: page.getByRole('radio', { name: '5 stars' }) }).click();
    await dialog.getByLabel('Message').fill('Lovely fresh almonds, dated today.');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    const thanks = page.getByText('Thank you! Your review has been added.');
    await expect(thanks).toBeVisible();
    const box = await thanks.boundingBox();
    expect(box?.width ?? 0, 'a thank-you a sighted shopper can read').toBeGreaterThan(100);
    expect(box?.height ?? 0).toBeGreaterThan(10);

    const card = page.getByRole('article').filter({ hasText: 'Dated Reviewer' });
    await expect(card).toContainText(ukDate(new Date()));
  });

  test('each review shows its date, the same on the server and in the browser', async ({ page, request }) => {
    const reviews = (await (await request.get('/api/reviews')).json()).items as { name: string; createdAt: string }[];
    expect(reviews.length).toBeGreaterThan(0);
    const html = await (await request.get('/reviews')).text();
    for (const review of reviews.slice(0, 3)) expect(html).toContain(ukDate(new Date(review.createdAt)));
    await page.goto('/reviews');
    const first = page.getByRole('article').first();
    await expect(first).toContainText(ukDate(new Date(reviews[0]!.createdAt)));
  });

  test('the average rating and count are on the home section and on /reviews', async ({ page }) => {
    const now = new Date().toISOString();
    const fixed = [5, 4, 4].map((rating, index) => ({
      _id: `r-${index}`,
      name: `Reviewer ${index}`,
      location: 'Leeds',
      rating,
      message: 'Good.',
      verified: false,
      createdAt: now,
    }));
    await page.route(reviewsApi, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: reviewPage(fixed) }) : route.fallback(),
    );
    await page.goto('/');
    const section = page.getByRole('region', { name: 'What our customers say' });
    await section.scrollIntoViewIfNeeded();
    await expect(section).toContainText('4.3 out of 5');
    await expect(section).toContainText('3 reviews');
    await section.getByRole('link', { name: 'View All reviews' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('4.3 out of 5');
    await expect(page.getByRole('main')).toContainText('3 reviews');
  });

  test('the server renders /reviews with its average and count', async ({ request }) => {
    // Other journeys may add a review meanwhile: the page agrees with the list read just before or just after it.
    const summaryOf = async () => {
      const { total, average } = (await (await request.get('/api/reviews')).json()) as {
        total: number;
        average: number;
      };
      return `${average.toFixed(1)} out of 5</strong> from ${total} reviews`;
    };
    const before = await summaryOf();
    const html = (await (await request.get('/reviews')).text()).replaceAll('<!-- -->', '');
    const after = await summaryOf();
    expect(
      [before, after].some((summary) => html.includes(summary)),
      `${before} or ${after}`,
    ).toBe(true);
  });
});

test.describe('on a 375 px phone (item 13)', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('/order-confirmation without an order says there is none and links to My Orders', async ({ page }) => {
    await page.goto('/order-confirmation');
    await expect(page.getByRole('main')).toContainText('There is no order to show here.');
    await page.getByRole('main').getByRole('link', { name: 'My Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/(my-orders|login\?redirectTo=%2Fmy-orders)$/);
  });

  test('+ Add a Review keeps clear of the first review card', async ({ page }) => {
    for (const url of ['/', '/reviews']) {
      await page.goto(url);
      const button = page.getByRole('button', { name: '+ Add a Review' });
      await button.scrollIntoViewIfNeeded();
      const reviews =
        url === '/' ? page.getByRole('region', { name: 'What our customers say' }) : page.getByRole('main');
      const card = reviews.getByRole('article').first();
      await expect(card).toBeVisible();
      const [buttonBox, cardBox] = [await button.boundingBox(), await card.boundingBox()];
      if (!buttonBox || !cardBox) throw new Error('both should have a box');
      expect(cardBox.y - (buttonBox.y + buttonBox.height), `space under the button on ${url}`).toBeGreaterThanOrEqual(
        12,
      );
    }
  });

  test('review cards end where their words end', async ({ page }) => {
    for (const url of ['/reviews', '/']) {
      await page.goto(url);
      const area = url === '/' ? page.getByRole('region', { name: 'What our customers say' }) : page.getByRole('main');
      const cards = area.getByRole('article');
      await cards.first().scrollIntoViewIfNeeded();
      await expect(cards.first()).toBeVisible();
      const emptyBottoms = await cards.evaluateAll((articles) =>
        articles.map((article) => {
          const last = article.lastElementChild?.getBoundingClientRect();
          return last ? article.getBoundingClientRect().bottom - last.bottom : 0;
        }),
      );
      // The card's own padding (20 px) and no more than a little.
      for (const empty of emptyBottoms) expect(empty, `empty bottom on ${url}`).toBeLessThanOrEqual(28);
    }
  });
});

test.describe('a spent reset link (item 13)', () => {
  test('says so before the shopper types a new password', async ({ page, request, customer, outbox }) => {
    await request.post('/api/auth/forgot-password', { data: { email: customer.email } });
    const token = resetTokenFrom(await outbox.nextMailTo(customer.email));
    const used = await request.put(`/api/auth/reset-password/${token}`, { data: { password: 'fresh-roast-2026' } });
    expect(used.status()).toBe(200);

    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`/api/auth/reset-password/${token}`);
    await expect(page.getByRole('main')).toContainText(
      'This reset link is not valid or has already been used. Please ask for a new one.',
    );
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Ask for a new one' }).first()).toBeVisible();
  });

  test('a usable link shows the form', async ({ page, request, customer, outbox }) => {
    await request.post('/api/auth/forgot-password', { data: { email: customer.email } });
    const token = resetTokenFrom(await outbox.nextMailTo(customer.email));
    await page.goto(`/api/auth/reset-password/${token}`);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  });
});

/**
 * Every box of visible text on the page that the chat button's box overlaps, while the button shows. It runs at every
 * scroll step over every text node of the page, and /reviews grows with the reviews other tests add to the shared
 * database: so the cheap test (does a line box meet the button at all?) comes first, and styles and clipping are read
 * only for the few lines that do. Reading them for every node made the walk grow with the page at each step, and
 * the whole test with the square of the reviews, past its time limit on a busy machine.
 */
async function textUnderChatButton(page: Page, top: number): Promise<string[]> {
  return page.evaluate(
    async ({ chatName, top }) => {
      // Scrolled here, not in a call of its own: one round trip a step. Scrolling again to where the page is changes
      // nothing, so a retry just reads again. Two frames let the button check what is now under it, and its fade ends.
      window.scrollTo(0, top);
      for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
      const button = [...document.querySelectorAll('a')].find((link) => link.textContent?.trim() === chatName);
      if (!button) return ['no chat button'];
      await Promise.all(button.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      if (Number(getComputedStyle(button).opacity) < 0.05) return [];
      const box = button.getBoundingClientRect();
      const meets = (rect: { left: number; right: number; top: number; bottom: number }) =>
        rect.left < box.right && box.left < rect.right && rect.top < box.bottom && box.top < rect.bottom;
      const covered: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || button.contains(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const under = [...range.getClientRects()].filter(meets);
        if (under.length === 0) continue;
        const parent = node.parentElement;
        if (!parent || parent.closest('[aria-hidden="true"], noscript, script, style, title')) continue;
        const style = getComputedStyle(parent);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
        // Where an ancestor clips the text (a truncated name, a carousel's slides past its edge), only what it shows counts.
        const clips = [];
        for (
          let element: Element | null = parent;
          element && element !== document.body;
          element = element.parentElement
        ) {
          const { overflowX, overflowY } = getComputedStyle(element);
          if (overflowX !== 'visible' || overflowY !== 'visible') clips.push(element.getBoundingClientRect());
        }
        for (const rect of under) {
          let { left, right, top, bottom } = rect;
          for (const clip of clips) {
            left = Math.max(left, clip.left);
            right = Math.min(right, clip.right);
            top = Math.max(top, clip.top);
            bottom = Math.min(bottom, clip.bottom);
          }
          if (right - left <= 1 || bottom - top <= 1) continue;
          if (meets({ left, right, top, bottom })) covered.push(node.textContent.trim().slice(0, 40));
        }
      }
      return covered;
    },
    { chatName: CHAT_NAME, top },
  );
}

for (const width of [375, 1366]) {
  test.describe(`the chat button at ${width}px (item 8)`, () => {
    test.use({ viewport: { width, height: width < 500 ? 667 : 768 } });

    // A test per page: the walk's time grows with the page, and /reviews grows with every review other tests add to
    // the shared database; all five pages in one test passed its time limit on a busy machine.
    for (const url of ['/', '/reviews', '/product/roasted-cashew-nuts', '/about', '/terms']) {
      test(`covers no text anywhere on ${url}, top to bottom`, async ({ page }) => {
        await page.goto(url);
        await expect(page.getByRole('link', { name: CHAT_NAME, exact: true })).toBeAttached();
        // The footer arrives after the first content.
        await expect(page.getByRole('contentinfo')).toBeAttached();
        const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        // Steps shorter than the button is tall, so every line of text passes under its box at least once.
        for (let y = 0; y < height + 48; y += 48) {
          const top = Math.min(y, height);
          await expect
            .poll(() => textUnderChatButton(page, top), {
              message: `${url} scrolled to ${y}`,
              intervals: [50, 100, 250],
            })
            .toEqual([]);
        }
      });
    }
  });
}

test.describe('the contact form on a 375 px phone (item 10)', () => {
  test.use({ viewport: { width: 375, height: 667 }, allowedConsoleError: failedRequest(400, 401) });

  test('an empty submit shows each field’s error at the field and moves focus to the first', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    const expected: [string, string][] = [
      ['Name *', 'Please enter your name.'],
      ['Email *', 'Please enter your e-mail address.'],
      ['Message *', 'Please enter your message.'],
    ];
    for (const [label, message] of expected) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
      // Shown right under its field, not gathered somewhere else.
      const error = page.getByText(message, { exact: true });
      const [fieldBox, errorBox] = [await field.boundingBox(), await error.boundingBox()];
      if (!fieldBox || !errorBox) throw new Error('both should have a box');
      expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeGreaterThanOrEqual(0);
      expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(24);
    }
    await expect(page.getByLabel('Name *')).toBeFocused();
    await expect(page.getByLabel('Name *')).toBeInViewport();
    // Put right, the error goes once the form is sent again.
    await page.getByLabel('Name *').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Name *')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email *')).toBeFocused();
  });

  test('Send and Log in are disabled and show that they are busy while the server works', async ({ page }) => {
    const slow = async (route: import('@playwright/test').Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    };
    await page.route('**/api/contact/submit', slow);
    await page.goto('/contact');
    await page.getByLabel('Name *').fill('Ada Lovelace');
    await page.getByLabel('Email *').fill('ada@example.com');
    await page.getByLabel('Message *').fill('Do you ship to Orkney?');
    await page.getByRole('button', { name: 'Send message' }).click();
    const sending = page.getByRole('button', { name: /^Sending/ });
    await expect(sending).toBeDisabled();
    await expect(sending).toHaveAttribute('aria-busy', 'true');
    await expect(sending.locator('[data-busy-indicator]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();

    await page.route('**/api/auth/login', slow);
    await page.goto('/login');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const loggingIn = page.getByRole('button', { name: /^Logging in/ });
    await expect(loggingIn).toBeDisabled();
    await expect(loggingIn.locator('[data-busy-indicator]')).toBeVisible();
  });
});
