import { chromium } from 'playwright-core';
const [,, url, out, width, scrollSel] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) < 500 ? 667 : 768 } });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(800);
if (scrollSel) { await page.locator(scrollSel).first().scrollIntoViewIfNeeded(); await page.waitForTimeout(500); }
await page.screenshot({ path: out, fullPage: !scrollSel });
await browser.close();
