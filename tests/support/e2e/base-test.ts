/**
 * The `test` every journey uses: fails when the page logs a console error or throws, so a broken chunk,
 * a CSP refusal or a React warning cannot pass unseen. A test that provokes an expected error (an unknown
 * product's 404) matches it with `allowedConsoleError`. Pages arrive rendered by the server (decision 055):
 * `page.goto` and `page.reload` return once React has taken the page over, so journeys act on the hydrated page,
 * not on its HTML before the script has run.
 */
import { expect, type Page, test as base } from '@playwright/test';

/**
 * A server-rendered page has been taken over by React: every element of the server's HTML is one React has hydrated
 * (it marks each with its fiber). Hydration runs in a transition, in slices (decision 057), so the container's own
 * mark comes long before the last button has its handlers. For pages of a context a test opens itself; the `page`
 * fixture's goto and reload wait on their own.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    const serverRendered = document.getElementById('page-data') !== null;
    if (!serverRendered) return true;
    if (root === null || !Object.keys(root).some((key) => key.startsWith('__reactContainer$'))) return false;
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    return [...root.querySelectorAll('*')].every(hydrated);
  });
}

// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that provides nothing as void
export const test = base.extend<{ allowedConsoleError: RegExp | undefined; consoleGuard: void }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  allowedConsoleError: [undefined, { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleError }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowedConsoleError?.test(text)) problems.push(`console.error: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use();
      expect(problems, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
