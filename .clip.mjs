import { chromium } from 'playwright-core';
const [,, url, width, y, h, out] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
await page.goto('http://127.0.0.1:4517' + url, { waitUntil: 'networkidle' });
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: true, clip: { x: 0, y: Number(y), width: Number(width), height: Number(h) } });
await browser.close();
