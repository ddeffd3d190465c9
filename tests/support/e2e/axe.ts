/** Automated WCAG checks in browser tests: what axe-core finds on the page as it is now. */
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** The WCAG 2.2 A and AA violations axe finds on the page as it is now, one line each. */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
