/**
 * The owner's Messages screen (decision 071 amended): a message sent through the contact form is listed as New,
 * opening it marks it read (the screen's own PATCH), and a reply sent from it is mailed to the sender (the reply and
 * their message quoted) and marks it answered; the filter and the opened message kept in the address across a
 * reload, Back closing the message; at 1366 and 375 px, by keyboard, axe-clean.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '#tests/e2e/accounts';
import { expectNoSidewaysScroll, logInAsAdmin, openAdminScreen } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';

const SHOTS = '/work/shots/admin2';

async function sendContactMessage(page: Page, name: string, email: string, message: string) {
  await page.goto('/contact');
  await page.getByLabel('Name *').fill(name);
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Message *').fill(message);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: /thank|sent|received/i })).toBeVisible();
}

const main = (page: Page) => page.getByRole('main');
const messageCard = (page: Page, email: string) => main(page).getByRole('article').filter({ hasText: email });

/** Every message listed is answered: no other status shows. */
async function expectOnlyAnswered(page: Page) {
  const list = main(page).getByRole('list', { name: 'Messages, newest first' });
  await expect(list.getByRole('article').first()).toBeVisible();
  await expect(list.getByText('New', { exact: true })).toHaveCount(0);
  await expect(list.getByText('Read', { exact: true })).toHaveCount(0);
  await expect(list.getByText('Answered', { exact: true })).toHaveCount(await list.getByRole('article').count());
}

async function openMessages(page: Page) {
  await openAdminScreen(page, 'Messages');
  await expect(page).toHaveURL(/\/admin\/messages$/);
}

test.describe('an admin at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("answers a message from the contact form, and the sender's mail arrives", async ({ page, outbox }) => {
    const email = `sender-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const original = `Do you sell unsalted cashews? ${crypto.randomUUID()}`;
    await sendContactMessage(page, 'Mary Somerville', email, original);

    await openMessages(page);
    const card = messageCard(page, email);
    await expect(card).toContainText('New');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/messages-1366.png`, fullPage: true });

    await card.getByRole('link', { name: 'Open message from Mary Somerville' }).click();
    await expect(page).toHaveURL(/\/admin\/messages\?message=[^&]+$/);
    await expect(main(page).getByRole('heading', { level: 2, name: 'Message from Mary Somerville' })).toBeFocused();
    await expect(main(page).getByRole('article')).toContainText('Read');
    await expect(main(page).getByRole('article')).toContainText(original);

    const reply = 'Yes: our roasted cashews come unsalted too, in 250 g and 500 g.';
    await main(page).getByLabel('Reply to Mary Somerville').fill(reply);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/message-open-1366.png`, fullPage: true });
    await main(page).getByRole('button', { name: 'Send reply' }).click();
    await expect(main(page).getByRole('status')).toHaveText(`Your reply has been sent to ${email}.`);
    await expect(main(page).getByRole('article')).toContainText('Answered');
    await expect(main(page).getByRole('article')).toContainText(reply);

    await expect
      .poll(async () => (await outbox.mailsTo(email)).map((mail) => mail.subject), { timeout: 10_000 })
      .toContain('Re: your message to Roast & Co.');
    const mail = (await outbox.mailsTo(email)).find((each) => each.subject === 'Re: your message to Roast & Co.')!;
    expect(mail.text).toContain(reply);
    expect(mail.text).toContain(original);

    // Back to the list: the message is answered now, no longer among the new ones.
    await main(page).getByRole('link', { name: 'Back to messages' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(main(page).getByRole('heading', { level: 2 })).toBeFocused();
    await expect(messageCard(page, email)).toHaveCount(0);
    await main(page).getByLabel('Status').selectOption('Answered');
    await expect(page).toHaveURL(/\/admin\/messages\?status=answered$/);
    await expect(messageCard(page, email)).toContainText('Answered');

    // A reload keeps the filter, and only answered messages are listed.
    await page.reload();
    await expect(main(page).getByLabel('Status')).toHaveValue('answered');
    await expect(messageCard(page, email)).toContainText('Answered');
    await expectOnlyAnswered(page);

    // Opened from there, the message is in the address beside the filter: a reload keeps it open, and Back closes it.
    await messageCard(page, email).getByRole('link', { name: 'Open message from Mary Somerville' }).click();
    await expect(page).toHaveURL(/\/admin\/messages\?status=answered&message=[^&]+$/);
    await page.reload();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Message from Mary Somerville' })).toBeFocused();
    await expect(main(page).getByRole('article')).toContainText(reply);
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/messages\?status=answered$/);
    await expect(main(page).getByRole('heading', { level: 2, name: 'Message from Mary Somerville' })).toHaveCount(0);
    await expect(main(page).getByRole('heading', { level: 2 })).toBeFocused();
    await expect(main(page).getByLabel('Status')).toHaveValue('answered');
    await expect(messageCard(page, email)).toContainText('Answered');
  });

  test('reads an address it does not know as the new messages from the first page', async ({ page }) => {
    await logInAsAdmin(page);
    const asked = page.waitForRequest((each) => each.url().includes('/api/admin/messages?'));
    await page.goto('/admin/messages?status=lost&page=-1&message=');
    expect(new URL((await asked).url()).search).toBe('?limit=50&offset=0&status=new');
    await expect(main(page).getByLabel('Status')).toHaveValue('new');
    await expect(main(page).getByRole('heading', { level: 2 })).toBeVisible();
  });

  test('marks a new message read itself when it is opened', async ({ page }) => {
    const email = `sender-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await sendContactMessage(page, 'Caroline Herschel', email, 'Are your pumpkin seeds roasted in oil?');
    await openMessages(page);
    // The server's GET of one message changes nothing (docs/api.md, The owner's API): it answers the message as new.
    const oneMessage = /\/api\/admin\/messages\/[^/?]+$/;
    await page.route(oneMessage, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), status: 'new' } });
    });
    const marked = page.waitForRequest((each) => each.method() === 'PATCH' && oneMessage.test(each.url()));
    await messageCard(page, email).getByRole('link', { name: 'Open message from Caroline Herschel' }).click();
    expect((await marked).postDataJSON()).toEqual({ status: 'read' });
    await expect(main(page).getByRole('article')).toContainText('Read');
    await main(page).getByRole('link', { name: 'Back to messages' }).click();
    await expect(messageCard(page, email)).toHaveCount(0);
  });
});

test.describe('an admin at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('reads and opens a message with no sideways scroll', async ({ page }) => {
    const email = `sender-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await sendContactMessage(page, 'Ada Byron', email, 'A long question about walnuts and where they come from.');
    await openMessages(page);
    await expect(main(page).getByRole('article').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/messages-375.png`, fullPage: true });
    await messageCard(page, email).getByRole('link', { name: /^Open/ }).click();
    await expect(main(page).getByLabel('Reply to Ada Byron')).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/message-open-375.png`, fullPage: true });
  });
});
