/**
 * Pages rendered on the server (decision 055): a raw GET has each page's content, title, description and canonical
 * link before any script runs, and the browser hydrates that HTML without a mismatch, also for a visitor whose
 * stored cart differs from the anonymous one the server rendered.
 */
import { expect, test } from '#tests/e2e/base-test';
import { addFromCard } from '#tests/e2e/cart';

const EMPTY_CART = 'Your cart is empty. Please add items to your cart before proceeding to checkout.';

const storefrontPages = [
  '/',
  '/product',
  '/products/bestsellers',
  '/products/new-launches',
  '/product?category=Seeds',
  '/search?query=cashew',
  '/product/roasted-cashew-nuts',
  '/reviews',
  '/about',
  '/contact',
  '/cart',
  '/login',
  '/signup',
  '/forgot-password',
  '/shipping',
  '/my-orders',
  '/admin',
  '/order-confirmation',
  '/cancel',
  '/privacy',
  '/terms',
  '/returns',
  '/faq',
  '/delivery',
];

/** Console messages that speak of hydration, at any level: React reports mismatches as errors or warnings. */
function watchHydrationMessages(page: import('@playwright/test').Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) messages.push(`${message.type()}: ${message.text()}`);
  });
  return messages;
}

test.describe('the browser hydrates the server’s HTML without a mismatch', () => {
  for (const path of storefrontPages) {
    test(path, async ({ page }) => {
      const hydrationMessages = watchHydrationMessages(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Hydrated: the app answers a click without reloading the page.
      await page.getByRole('link', { name: 'Roast & Co.' }).first().click();
      await expect(page).toHaveURL(/\/$/);
      expect(hydrationMessages).toEqual([]);
    });
  }

  test('a visitor with a stored guest cart sees it after hydration, without a mismatch', async ({ page }) => {
    const hydrationMessages = watchHydrationMessages(page);
    await page.goto('/about');
    await page.evaluate(() => {
      localStorage.setItem('guestCart', JSON.stringify([{ _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '' }]));
      localStorage.setItem('isGuest', 'true');
    });
    // Priced with its own product, asked for alone: the cart page never carries or fetches the whole catalog.
    const catalogRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/products') catalogRequests.push(url.search);
    });
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Roasted Cashew Nuts' })).toBeVisible();
    expect(catalogRequests).toEqual(['?ids=roasted-cashew-nuts']);
    await page.goto('/product/roasted-cashew-nuts');
    await page.waitForLoadState('networkidle');
    expect(hydrationMessages).toEqual([]);
  });
});

test.describe('a raw GET has the page’s content and metadata', () => {
  test('a product page: name, price, title, description and canonical', async ({ request, baseURL }) => {
    const product = (await (await request.get('/api/products/roasted-cashew-nuts')).json()) as {
      name: string;
      price: number;
    };
    const response = await request.get('/product/roasted-cashew-nuts');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1`);
    expect(html).toContain(product.name);
    expect(html).toContain(`£${product.price.toFixed(2)}`);
    expect(html).toContain(`<title>${product.name} | Roast &amp; Co.</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,160}"\/>/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/product/roasted-cashew-nuts"/>`);
    expect(html).toContain('id="page-data"');
  });

  test('an unknown product: 404 with the rendered not-found screen', async ({ request }) => {
    const response = await request.get('/product/no-such-nut');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('<title>Product not found | Roast &amp; Co.</title>');
  });

  for (const [path, title, content] of [
    ['/', 'Roast &amp; Co. — Roasted Nuts, Dry Fruits and Seeds', 'Best Sellers'],
    ['/product', 'All Products | Roast &amp; Co.', 'Roasted Cashew Nuts'],
    ['/products/bestsellers', 'Best Sellers | Roast &amp; Co.', '<h1'],
    ['/products/new-launches', 'Newly Launched Products | Roast &amp; Co.', '<h1'],
    ['/search?query=cashew', 'Search: cashew | Roast &amp; Co.', 'Roasted Cashew Nuts'],
    ['/reviews', 'Customer Reviews | Roast &amp; Co.', '<h1'],
    ['/about', 'About Us | Roast &amp; Co.', '<h1'],
    ['/contact', 'Contact Us | Roast &amp; Co.', '<h1'],
    ['/cart', 'Cart | Roast &amp; Co.', '<h1'],
  ] as const) {
    test(`${path}: content, title, description, canonical`, async ({ request, baseURL }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(content);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html.match(/<meta name="description" content="[^"]+"\/>/g)).toHaveLength(1);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${path.split('?')[0]}"/>`);
    });
  }
});

test.describe('/cart before its script (decision 074)', () => {
  test('a browser that keeps no cart is sent the empty cart; one that may is sent a page that waits for the script', async ({
    request,
  }) => {
    const anonymous = await request.get('/cart');
    expect(anonymous.headers().vary).toMatch(/\bcookie\b/i);
    expect(await anonymous.text()).toContain(EMPTY_CART);
    const kept = await request.get('/cart', { headers: { cookie: 'theme=dark; roast_cart=1' } });
    expect(kept.status()).toBe(200);
    expect(await kept.text()).not.toContain(EMPTY_CART);
  });

  test('the cookie says a cart may be kept while the guest cart has lines, and goes with the last line', async ({
    page,
    context,
  }) => {
    const cartKept = async () => (await context.cookies()).some((cookie) => cookie.name === 'roast_cart');
    await page.goto('/product');
    expect(await cartKept()).toBe(false);
    await addFromCard(page, 'Roasted Cashew Nuts', { asNewGuest: true });
    await expect.poll(cartKept).toBe(true);
    // Kept: the server's page waits for the script, which shows the line, with no empty cart in between.
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Roasted Cashew Nuts' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove All' }).click();
    await page.getByRole('button', { name: 'Yes, Remove All' }).click();
    await expect(page.getByText(EMPTY_CART)).toBeVisible();
    await expect.poll(cartKept).toBe(false);
  });
});

test.describe('what a page carries for the browser', () => {
  /** The query keys in a page's data (page-data.ts), as the browser's cache will hold them. */
  async function cachedKeys(request: import('@playwright/test').APIRequestContext, path: string) {
    const html = await (await request.get(path)).text();
    const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(json!) as { queries: { entries: [unknown[], unknown][] } };
    return data.queries.entries.map(([key]) => JSON.stringify(key));
  }

  test('no page carries the whole catalog: a list its first page, home its carousels, a product page its product', async ({
    request,
  }) => {
    const whole = JSON.stringify(['products']);
    const lists = {
      '/product': {},
      '/product?category=Nuts': { category: 'Nuts' },
      '/products/bestsellers': { collection: 'bestsellers' },
      '/products/new-launches': { collection: 'new' },
      '/search?query=cashew': { q: 'cashew' },
      '/search?query=%20&category=Seeds': { category: 'Seeds' },
    };
    for (const [path, filter] of Object.entries(lists)) {
      const keys = await cachedKeys(request, path);
      expect(keys, path).toContain(JSON.stringify(['products', 'list', filter]));
      expect(
        keys.filter((key) => key.startsWith('["products","list"')),
        path,
      ).toHaveLength(1);
    }
    const home = await cachedKeys(request, '/');
    expect(home.filter((key) => key.startsWith('["products","browse"'))).toHaveLength(2);
    for (const path of [...Object.keys(lists), '/', '/about', '/cart', '/reviews', '/contact', '/my-orders']) {
      expect(await cachedKeys(request, path), path).not.toContain(whole);
    }
    const productPage = await cachedKeys(request, '/product/roasted-cashew-nuts');
    expect(productPage.filter((key) => key.startsWith('["products","list"'))).toHaveLength(0);
    expect(productPage).toContain(JSON.stringify(['products', 'roasted-cashew-nuts']));
  });
});

/** The JSON-LD blocks of a page, parsed as a crawler reads them. */
function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

/** A page's Open Graph values by property, its attribute escapes undone. */
function openGraph(html: string): Record<string, string> {
  const decodeEntities = (value: string) =>
    value
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  return Object.fromEntries(
    [...html.matchAll(/<meta property="([^"]+)" content="([^"]*)"\/>/g)].map((match) => [
      match[1]!,
      decodeEntities(match[2]!),
    ]),
  );
}

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

test.describe('a raw GET has what search engines and link previews read', () => {
  test('a product page: Open Graph and Product JSON-LD agree with the API', async ({ request, baseURL }) => {
    const product = (await (await request.get('/api/products/roasted-cashew-nuts')).json()) as {
      _id: string;
      name: string;
      category: string;
      image: string;
      price: number;
      weights: { label: string; price: number }[];
    };
    const html = await (await request.get('/product/roasted-cashew-nuts')).text();
    const pageUrl = `${baseURL}/product/roasted-cashew-nuts`;
    const imageUrl = new URL(product.image, baseURL).href;
    expect(imageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/products\//);

    const og = openGraph(head(html));
    expect(og).toMatchObject({
      'og:type': 'product',
      'og:title': product.name,
      'og:url': pageUrl,
      'og:image': imageUrl,
      'og:site_name': 'Roast & Co.',
      'product:price:amount': product.price.toFixed(2),
      'product:price:currency': 'GBP',
    });
    expect(og['og:description']?.length).toBeGreaterThan(40);
    // og:url is the canonical link's address.
    expect(html).toContain(`<link rel="canonical" href="${pageUrl}"/>`);

    // Every block is in the head, outside the part React hydrates.
    const blocks = jsonLdBlocks(html);
    expect(jsonLdBlocks(head(html))).toEqual(blocks);
    const productBlock = blocks.find((block) => block['@type'] === 'Product') as {
      name: string;
      image: string[];
      sku: string;
      offers: { name: string; price: string; priceCurrency: string; availability: string; url: string }[];
    };
    expect(productBlock).toMatchObject({ name: product.name, image: [imageUrl], sku: product._id });
    expect(productBlock.offers).toEqual(
      product.weights.map((weight) =>
        expect.objectContaining({
          name: `${product.name}, ${weight.label}`,
          price: weight.price.toFixed(2),
          priceCurrency: 'GBP',
          availability: 'https://schema.org/InStock',
          url: pageUrl,
        }),
      ),
    );

    const breadcrumb = blocks.find((block) => block['@type'] === 'BreadcrumbList') as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(breadcrumb.itemListElement.map(({ name, item }) => [name, item])).toEqual([
      ['Home', `${baseURL}/`],
      ['Products', `${baseURL}/product`],
      [product.category, `${baseURL}/product?category=${product.category}`],
      [product.name, pageUrl],
    ]);
  });

  test('the home page: the OnlineStore with the footer’s address', async ({ request, baseURL }) => {
    const html = await (await request.get('/')).text();
    const store = jsonLdBlocks(head(html)).find((block) => block['@type'] === 'OnlineStore');
    expect(store).toMatchObject({
      name: 'Roast & Co.',
      url: `${baseURL}/`,
      logo: `${baseURL}/favicon.svg`,
      telephone: '+44 20 7946 0958',
      email: 'hello@roastandco.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Unit 4, 18 Roastery Lane',
        addressLocality: 'London',
        postalCode: 'E1 6AN',
        addressCountry: 'GB',
      },
    });
    // The footer shows the same address (it arrives after the first content, so not in the raw HTML).
  });

  test('pages other than home and products carry no structured data or Open Graph', async ({ request }) => {
    for (const path of ['/about', '/product', '/product/no-such-nut']) {
      const html = await (await request.get(path)).text();
      expect(jsonLdBlocks(html), path).toEqual([]);
      expect(openGraph(html), path).toEqual({});
    }
  });

  test('robots.txt names the sitemap, which lists the product pages at the shop’s address', async ({
    request,
    baseURL,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${baseURL}/product/roasted-cashew-nuts</loc>`);
  });
});

test.describe('before the script has taken a page over', () => {
  test('the login form sends nothing, so a password never ends up in the address', async ({ browser, baseURL }) => {
    // With scripts off the page stays as the server rendered it: the moment before hydration, held still.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      const logIn = page.getByRole('button', { name: 'Log in' });
      await expect(logIn).toBeDisabled();
      await page.getByLabel('Email address').fill('ada@example.com');
      await page.getByLabel('Password', { exact: true }).fill('roasted-almonds-42');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      // A native submission would have navigated by now (the form has no action: the same address, with a query).
      await page.waitForLoadState('load');
      expect(new URL(page.url()).search).toBe('');
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue('roasted-almonds-42');
    } finally {
      await context.close();
    }
  });
});

test.describe('with scripts off', () => {
  test('a phone reaches every page, scrolls the carousels, sees the footer and is told what needs JavaScript', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 375, height: 812 },
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      // The menu button cannot open anything: the links show instead.
      await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Home', 'Bestsellers', 'Products', 'About', 'Contact Us']) {
        await expect(nav.getByRole('link', { name })).toBeVisible();
      }

      // A carousel's row scrolls sideways to its next card.
      const row = page
        .getByRole('region', { name: 'Newly Launched Products' })
        .and(page.locator('[aria-roledescription="carousel"]'));
      const secondCard = row.getByRole('group', { name: /^2 of / });
      await row.scrollIntoViewIfNeeded();
      await expect(row.getByRole('group', { name: /^1 of / })).toBeInViewport();
      await expect(secondCard).not.toBeInViewport();
      await row
        .locator('.overflow-hidden')
        .first()
        .evaluate((viewport) => viewport.scrollBy({ left: 400 }));
      await expect(secondCard).toBeInViewport();

      // The footer the app adds with a script comes from the server's <noscript>.
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText('Unit 4, 18 Roastery Lane')).toBeVisible();
      await expect(footer.getByRole('link', { name: 'About Us' })).toBeVisible();

      // Without scripts no cart can have been kept: /cart says it is empty.
      await page.goto('/cart');
      await expect(page.getByText(EMPTY_CART)).toBeVisible();
      await expect(page.getByText('Loading…')).toBeHidden();
      // A browser that kept a cart while its scripts ran is told the cart needs them.
      await context.addCookies([{ name: 'roast_cart', value: '1', url: baseURL! }]);
      await page.reload();
      // NOTE: Playwright's text matching skips a <noscript>'s own text, so the paragraph inside it is named.
      const notice = page.getByRole('main').locator('noscript > p');
      await expect(notice).toBeVisible();
      await expect(notice).toHaveText(/^Your cart is kept in this browser and needs JavaScript\./);
      await expect(page.getByText(EMPTY_CART)).toBeHidden();
      await expect(page.getByText('Loading…')).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test('with scripts on, the <noscript> footer stays inert: one footer, the app’s', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.getByRole('contentinfo').getByText('Unit 4, 18 Roastery Lane')).toBeVisible();
  });
});
