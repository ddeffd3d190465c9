import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with nothing set: port 3000 on loopback, embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      nodeEnv: 'development',
    });
  });

  it('derives the public URL from the port and trims a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  it('limits how long a client may hold a connection unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      socketIdleTimeoutMs: 60_000,
      maxConnections: 4096,
      maxConnectionsPerAddress: 64,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '5000' })).toMatchObject({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 5000,
    });
  });

  it('trusts no proxy unless TRUST_PROXY names one, by hop count or by address and CIDR range', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7' }).trustProxy).toEqual(['10.0.0.7']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32 ,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '::1',
      'loopback',
    ]);
  });

  it('explains why TRUST_PROXY=true is refused', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/any client choose its own address/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal, 10.0.0.1' })).toThrow("'proxy.internal'");
  });

  it('reads the first admin from ADMIN_EMAIL and ADMIN_PASSWORD, both or neither, the password as typed', () => {
    expect(loadConfig({}).admin).toBeUndefined();
    expect(loadConfig({ ADMIN_EMAIL: ' Owner@Example.com ', ADMIN_PASSWORD: ' spaced pass ' }).admin).toEqual({
      email: 'owner@example.com',
      password: ' spaced pass ',
    });
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@example.com' })).toThrow(
      'ADMIN_PASSWORD: must be set with ADMIN_EMAIL',
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'owner-pass-1' })).toThrow(
      'ADMIN_EMAIL: must be set with ADMIN_PASSWORD',
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'short' })).toThrow(ConfigError);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(48) }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [
      { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' },
      'STRIPE_WEBHOOK_SECRET',
    ],
    [{ STRIPE_API_BASE: 'localhost:12111' }, 'STRIPE_API_BASE'],
    [{ SMTP_URL: 'mail.example:25' }, 'SMTP_URL'],
    [{ SHOP_EMAIL: 'not an address' }, 'SHOP_EMAIL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ RATE_LIMIT_FACTOR: '0' }, 'RATE_LIMIT_FACTOR'],
    [{ RATE_LIMIT_FACTOR: 'lots' }, 'RATE_LIMIT_FACTOR'],
    [{ REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS'],
    [{ KEEP_ALIVE_TIMEOUT_MS: '1.5' }, 'KEEP_ALIVE_TIMEOUT_MS'],
    [{ MAX_CONNECTIONS: '-1' }, 'MAX_CONNECTIONS'],
    [{ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' }, 'HEADERS_TIMEOUT_MS'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '*' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, 10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,,10.0.0.2' }, 'TRUST_PROXY'],
  ])('refuses %o, naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('takes payments with the built-in test checkout unless told otherwise, and reads the Stripe keys with stripe', () => {
    expect(loadConfig({})).toMatchObject({ paymentProvider: 'local', stripe: undefined });
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toMatchObject({
      paymentProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_1',
        publishableKey: 'pk_test_1',
        webhookSecret: 'whsec_1',
        apiBase: 'http://127.0.0.1:12111',
      },
    });
  });

  it('seeds sample reviews by default with the embedded database only, and reads DEMO_DATA either way', () => {
    const postgres = 'postgres://shop@127.0.0.1:5432/shop';
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: postgres }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: postgres, DEMO_DATA: ' ' }).demoData).toBe(false);
    for (const on of ['1', 'true', 'on', 'TRUE', ' On ']) {
      expect(loadConfig({ DATABASE_URL: postgres, DEMO_DATA: on }).demoData).toBe(true);
    }
    for (const off of ['0', 'false', 'off', 'OFF']) {
      expect(loadConfig({ DEMO_DATA: off }).demoData).toBe(false);
    }
  });

  it('defaults the mail and account settings as docs/configuration.md says', () => {
    expect(loadConfig({})).toMatchObject({
      jwtSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'Roast & Co. <orders@roastandco.example>',
      shopEmail: 'hello@roastandco.example',
      redisUrl: undefined,
      rateLimitFactor: 1,
      attemptSlowdownMs: 1_500,
    });
  });

  it('starts in production once JWT_SECRET is set, and reads the other account settings', () => {
    const secret = 'a'.repeat(48);
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      PAYMENT_PROVIDER: 'local',
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      REDIS_URL: 'redis://cache.example:6379',
      RATE_LIMIT_FACTOR: '2.5',
    });
    expect(config).toMatchObject({
      jwtSecret: secret,
      smtpUrl: 'smtp://user:pass@mail.example:587',
      rateLimitFactor: 2.5,
    });
  });
});
