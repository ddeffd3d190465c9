/**
 * The e2e server's admin (docs/api.md, The owner's API): playwright.config.ts starts the shop with ADMIN_EMAIL and
 * ADMIN_PASSWORD set to these, so the account exists, proven, from the start ('Shop admin' is the name a new admin is
 * given). No imports: the config reads this file before any test runs.
 */
export const e2eAdmin = {
  name: 'Shop admin',
  email: 'admin@roastandco.example',
  password: 'e2e-admin-roasted-pecans-71',
} as const;
