import { chromium } from 'playwright-core';
const out = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (const width of [375, 1366]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto('http://127.0.0.1:4517/product', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /^Add to Cart/ }).first().click();
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await page.getByRole('button', { name: /^Add to Cart/ }).first().click();
  await page.waitForTimeout(500);
  const card = page.getByRole('article').first();
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  await page.screenshot({ path: `${out}-${width}.png`, clip: { x: 0, y: box.y - 10, width, height: box.height + 20 } });
  await page.close();
}
await browser.close();
