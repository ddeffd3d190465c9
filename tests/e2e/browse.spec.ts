/**
 * Browsing journeys on the built shop and the seeded catalog: home, product list and filter, product
 * detail, search, about, not-found and the mobile menu. Relies only on what the seed
 * guarantees: the three banner products exist, the cashews' 250g costs £4.19 with an MRP of £6.99, every
 * product has 250g, 500g and 1kg weights, and each category has at least 8 products.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '#tests/e2e/base-test';

const BANNER_PRODUCTS = [
  { id: 'roasted-pumpkin-seeds', name: 'Roasted Pumpkin Seeds' },
  { id: 'roasted-cashew-nuts', name: 'Roasted Cashew Nuts' },
  { id: 'jumbo-flame-raisins', name: 'Jumbo Flame Raisins' },
] as const;

/** Product cards in the page's main content. */
const productCards = (page: Page) => page.getByRole('main').getByRole('article');

test.describe('home', () => {
  test.beforeEach(async ({ page }) => {
    // Autoplay starts stopped for reduced motion, so slides stay put while the test reads them.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
  });

  test('shows the tagline and three banner slides whose BUY NOW leads to the product', async ({ page }) => {
    await expect(
      page.getByRole('heading', { level: 1, name: 'Imported Quality Dry Roasted Deliver in 3-5 Days' }),
    ).toBeVisible();

    const banner = page.getByRole('region', { name: 'Featured products' });
    const slides = banner.getByRole('group');
    await expect(slides).toHaveCount(3);
    for (const [index, product] of BANNER_PRODUCTS.entries()) {
      const slide = banner.getByRole('group', { name: `${index + 1} of 3` });
      await expect(slide.getByRole('heading', { name: product.name })).toBeAttached();
      await expect(slide.getByRole('img')).toHaveAttribute('alt', /\S/);
      const buyNow = slide.getByRole('link', { name: /BUY NOW/ });
      await expect(buyNow).toHaveText(/^BUY NOW/);
      await expect(buyNow).toHaveAttribute('href', `/product/${product.id}`);
    }

    // No dots, thumbnails or "1 / 3" status: only previous, next and the slide-show button.
    await expect(banner.getByRole('button')).toHaveCount(3);
    await expect(banner.getByText(/\b1\s*\/\s*3\b/)).toHaveCount(0);

    await banner.getByRole('button', { name: 'Next slide' }).click();
    // The slide glides in; a click while it moves lands on a busy machine where the link was a frame before, and a
    // pointer pressed on a moving carousel stops it there. A shopper presses BUY NOW on a slide at rest.
    const secondSlide = banner.getByRole('group', { name: '2 of 3' });
    await expect(secondSlide).toBeInViewport({ ratio: 1 });
    await secondSlide.getByRole('link', { name: /BUY NOW/ }).click();
    await expect(page).toHaveURL(/\/product\/roasted-cashew-nuts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Roasted Cashew Nuts' })).toBeVisible();
  });

  test('shows the new launches and best sellers carousels with their View All links', async ({ page }) => {
    for (const [heading, href] of [
      ['Newly Launched Products', '/products/new-launches'],
      ['Best Sellers', '/products/bestsellers'],
    ] as const) {
      const section = page.getByRole('region', { name: heading }).first();
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
      await expect(section.getByRole('link', { name: /^View All/ })).toHaveAttribute('href', href);
      await expect(section.getByRole('article').first()).toBeVisible();
      await expect(section.getByText(/^From £\d+\.\d{2}$/).first()).toBeVisible();
    }

    await page.getByRole('link', { name: /^View All best sellers/ }).click();
    await expect(page).toHaveURL(/\/products\/bestsellers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Best Sellers' })).toBeVisible();
    await expect(productCards(page).first()).toBeVisible();
  });

  test('offers Add to Cart and Buy Now on every card and a cart link in the header', async ({ page }) => {
    // The product carousels' cards; the reviews further down are articles too.
    const homeProductCards = page
      .getByRole('region', { name: /^(Newly Launched Products|Best Sellers)$/ })
      .getByRole('article');
    await expect(homeProductCards.first()).toBeVisible();
    const cards = await homeProductCards.count();
    await expect(page.getByRole('button', { name: /^Add to Cart: / })).toHaveCount(cards);
    await expect(page.getByRole('button', { name: /^Buy Now: / })).toHaveCount(cards);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute(
      'href',
      '/cart',
    );
  });
});

test.describe('product list', () => {
  test('filters by category in the URL and Clear Filter shows everything again', async ({ page }) => {
    await page.goto('/product');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(productCards(page).first()).toBeVisible();
    const total = await productCards(page).count();
    expect(total).toBeGreaterThanOrEqual(24);

    const filter = page.getByRole('group', { name: 'Category' });
    const radios = filter.getByRole('radio');
    await expect(radios).toHaveCount(3);
    for (const [index, name] of ['Nuts', 'Seeds', 'Dry Fruits'].entries()) {
      await expect(radios.nth(index)).toHaveAccessibleName(name);
    }
    await filter.getByRole('radio', { name: 'Nuts' }).check();
    await expect(page).toHaveURL(/\/product\?category=Nuts$/);
    await expect(page.getByText(/^\d+ products in Nuts$/)).toBeVisible();
    const nutsCount = await productCards(page).count();
    expect(nutsCount).toBeGreaterThanOrEqual(8);
    expect(nutsCount).toBeLessThan(total);
    for (const card of await productCards(page).all()) {
      await expect(card.getByText('Category: Nuts', { exact: true })).toHaveCount(1);
    }

    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(productCards(page)).toHaveCount(total);
    await expect(filter.getByRole('radio', { name: 'Nuts' })).not.toBeChecked();
  });

  test('a shared filter link opens filtered, and back undoes the filter', async ({ page }) => {
    await page.goto('/product');
    await expect(productCards(page).first()).toBeVisible();
    await page.getByRole('radio', { name: 'Seeds' }).check();
    await expect(page).toHaveURL(/category=Seeds/);
    await page.goBack();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.getByRole('radio', { name: 'Seeds' })).not.toBeChecked();

    await page.goto('/product?category=Dry%20Fruits');
    await expect(page.getByRole('radio', { name: 'Dry Fruits' })).toBeChecked();
    await expect(page.getByText(/^\d+ products in Dry Fruits$/)).toBeVisible();
    for (const card of await productCards(page).all()) {
      await expect(card.getByText('Category: Dry Fruits', { exact: true })).toHaveCount(1);
    }
  });
});

test.describe('product detail', () => {
  test('shows sizes, prices for the chosen size, allergens and a quantity stepper', async ({ page }) => {
    await page.goto('/product/roasted-cashew-nuts');
    await expect(page.getByRole('heading', { level: 1, name: 'Roasted Cashew Nuts' })).toBeVisible();
    await expect(page).toHaveTitle('Roasted Cashew Nuts | Roast & Co.');

    const sizes = page.getByRole('group', { name: 'Size' });
    await expect(sizes.getByRole('button', { name: '250g' })).toHaveAttribute('aria-pressed', 'true');
    await expect(sizes.getByRole('button', { name: '500g' })).toHaveAttribute('aria-pressed', 'false');
    await expect(sizes.getByRole('button', { name: '1kg' })).toBeVisible();

    await expect(page.getByText('MRP £6.99', { exact: true })).toBeVisible();
    await expect(page.getByText('£6.99', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
    await expect(page.getByText('Offer Price: £4.19 (Incl. of all taxes)', { exact: true })).toBeVisible();
    await expect(page.getByText('Flat 40% OFF', { exact: true })).toBeVisible();
    await expect(page.getByText('£16.76 per kg', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Allergens: .*Tree nuts/)).toBeVisible();

    const quantity = page.getByRole('group', { name: 'Quantity' });
    const decrease = quantity.getByRole('button', { name: 'Decrease quantity' });
    const increase = quantity.getByRole('button', { name: 'Increase quantity' });
    await expect(quantity.getByRole('status')).toHaveText(/1$/);
    await expect(decrease).toBeDisabled();
    await decrease.click({ force: true });
    await expect(quantity.getByRole('status')).toHaveText(/1$/);
    await increase.click();
    await expect(quantity.getByRole('status')).toHaveText(/2$/);
    await expect(decrease).toBeEnabled();
    await decrease.click();
    await expect(quantity.getByRole('status')).toHaveText(/1$/);

    await sizes.getByRole('button', { name: '500g' }).click();
    await expect(sizes.getByRole('button', { name: '500g' })).toHaveAttribute('aria-pressed', 'true');
    await expect(sizes.getByRole('button', { name: '250g' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(/^Offer Price: £\d+\.\d{2} \(Incl\. of all taxes\)$/)).not.toHaveText(/£4\.19/);
    await expect(page.getByText(/^£\d+\.\d{2} per kg$/)).toBeVisible();

    await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'BUY NOW', exact: true })).toBeVisible();
  });

  test('opens from a product card', async ({ page }) => {
    await page.goto('/product?category=Nuts');
    await page.getByRole('link', { name: 'Roasted Cashew Nuts', exact: true }).click();
    await expect(page).toHaveURL(/\/product\/roasted-cashew-nuts$/);
    await expect(page.getByText('Offer Price: £4.19 (Incl. of all taxes)')).toBeVisible();
  });

  test.describe('for an unknown id', () => {
    // The browser itself logs the API's 404; that answer is what this test is about.
    test.use({ allowedConsoleError: /Failed to load resource: .*404/ });

    test('says Product not found', async ({ page }) => {
      await page.goto('/product/no-such-product');
      await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
      await page
        .getByRole('main')
        .getByRole('link', { name: /products/i })
        .click();
      await expect(page).toHaveURL(/\/product$/);
    });
  });
});

test.describe('search', () => {
  test('the header search finds a product by name', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search');
    await search.getByRole('searchbox', { name: 'Search products' }).fill('cashew');
    await search.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?query=cashew$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for "cashew"' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Roasted Cashew Nuts', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Search: cashew | Roast & Co.');
    // The header keeps showing what was searched for.
    await expect(search.getByRole('searchbox', { name: 'Search products' })).toHaveValue('cashew');
  });

  test('a query that matches nothing says so', async ({ page }) => {
    await page.goto('/search?query=zzqxjvbw');
    await expect(page.getByText('No matching products found.', { exact: true })).toBeVisible();
    await expect(productCards(page)).toHaveCount(0);
  });

  test('a search can be limited to one category', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search');
    const category = search.getByRole('combobox', { name: 'Search category' });
    await expect(category.getByRole('option')).toHaveText(['All categories', 'Nuts', 'Dry Fruits', 'Seeds']);
    await category.selectOption('Seeds');
    await search.getByRole('searchbox', { name: 'Search products' }).fill('roasted');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?query=roasted&category=Seeds$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for "roasted"' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Roasted Pumpkin Seeds', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Roasted Cashew Nuts', exact: true })).toHaveCount(0);
    for (const card of await productCards(page).all()) {
      await expect(card.getByText('Category: Seeds', { exact: true })).toHaveCount(1);
    }
    await expect(category).toHaveValue('Seeds');
  });
});

test.describe('other pages', () => {
  test('about has a vision and a team', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Our Vision' })).toBeVisible();
    const team = page.getByRole('region', { name: 'Our Team' });
    await expect(team).toBeVisible();
    expect(await team.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(3);
  });

  test.describe('an unknown address', () => {
    // The server answers it with HTTP 404 (so search engines and monitors see the truth), which Chromium logs.
    test.use({ allowedConsoleError: /Failed to load resource: .*404/ });

    test('answers 404 with the not-found page, which leads home', async ({ page }) => {
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found | Roast & Co.');
      await page.getByRole('main').getByRole('link', { name: /home/i }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test('the footer shows the shop contact details and links to the policies (decision 064)', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Unit 4, 18 Roastery Lane')).toBeVisible();
    await expect(footer.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    await expect(footer.getByRole('link', { name: 'hello@roastandco.example' })).toHaveAttribute(
      'href',
      'mailto:hello@roastandco.example',
    );
    await expect(footer.getByRole('link', { name: /Chat with us/ })).toHaveAttribute(
      'href',
      'https://wa.me/442079460958',
    );
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Delivery', exact: true })).toHaveAttribute('href', '/delivery');
  });
});

test.describe('keyboard and mobile', () => {
  test('the skip link moves to the main content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    await expect(skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('on a 375 px phone the header fits: nothing scrolls sideways and every header control is within the screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const control of [
      banner.getByRole('link', { name: /^Cart, / }),
      banner.getByRole('link', { name: 'Login' }),
      banner.getByRole('button', { name: 'Menu' }),
    ]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
  });

  test('on a phone the menu opens and closes from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Bestsellers' })).toBeHidden();

    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Bestsellers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Bestsellers' })).toBeHidden();

    await page.keyboard.press('Space');
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
