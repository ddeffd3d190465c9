import { describe, expect, it } from 'vitest';
import { type PageData, serialisePageData } from './page-data.ts';

const withText = (text: string): PageData => ({
  origin: 'https://shop.example',
  queries: { updatedAt: 1, entries: [[['products'], [{ name: text }]]] },
  router: { loaderData: {} },
  visitor: { cartKept: false },
});

describe('the page data written into a server-rendered page', () => {
  it('cannot close its <script> element or open another tag, whatever a product says', () => {
    const text = '</script><script>alert(1)</script><!-- & \u2028\u2029';
    const serialised = serialisePageData(withText(text));
    expect(serialised).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(serialised)).toEqual(withText(text));
  });
});
