/**
 * The `test` every journey uses: fails when the page logs a console error or throws, so a broken chunk,
 * a CSP refusal or a React warning cannot pass unseen. A test that provokes an expected error (an unknown
 * product's 404) matches it with `allowedConsoleError`.
 */
import { expect, test as base } from '@playwright/test';

// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that provides nothing as void
export const test = base.extend<{ allowedConsoleError: RegExp | undefined; consoleGuard: void }>({
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
