/**
 * The shop's three Cache-Control values, named by what they are for (decision 046): one place, so a page, a file
 * and an API answer cannot drift apart.
 */
export const cacheControl = {
  /**
   * Pages (index.html, in every encoding and status) and every file whose name does not change with its content:
   * a browser may keep a copy but asks each time (ETag or Last-Modified, so usually a 304), so a release or a
   * change reaches shoppers at once.
   */
  revalidate: 'no-cache',
  /** Files whose name changes with their content or never names another: Vite's hashed assets, uploaded photos. */
  immutable: 'public, max-age=31536000, immutable',
  /** Any API answer that is not declared public: a customer's data, or an answer that needed a token. */
  private: 'no-store',
} as const;
