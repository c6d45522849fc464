import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../service/core/config.js';

describe('configuration', () => {
  it('given no variables, then it runs embedded on port 3000 with the offline provider and test pages', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      embedded: true,
      payments: 'offline',
      projections: 'thread',
      testPages: true,
      HOLD_MINUTES: 30,
    });
  });

  it('given no HOST, then it listens on loopback, where PUBLIC_URL may be left unset', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PUBLIC_URL).toBeUndefined();
    for (const HOST of ['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(loadConfig({ HOST }).HOST, HOST).toBe(HOST);
  });

  it('given a HOST reachable from elsewhere and no PUBLIC_URL, then start-up stops naming PUBLIC_URL', () => {
    for (const HOST of ['0.0.0.0', '::', '10.0.0.5', 'example.com']) {
      expect(() => loadConfig({ HOST }), HOST).toThrow(ConfigError);
      expect(() => loadConfig({ HOST }), HOST).toThrow(/PUBLIC_URL: is required when HOST is not a loopback address/);
    }
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://www.example.com' }).HOST).toBe('0.0.0.0');
    // The projector and the CLI serve no pages.
    expect(loadConfig({ HOST: '0.0.0.0' }, { listens: false }).HOST).toBe('0.0.0.0');
  });

  it('given a PUBLIC_URL that is not an http(s) address, then the message names it', () => {
    for (const PUBLIC_URL of ['www.example.com', 'ftp://example.com', 'javascript:alert(1)'])
      expect(() => loadConfig({ PUBLIC_URL }), PUBLIC_URL).toThrow(
        /PUBLIC_URL: must start with http:\/\/ or https:\/\//,
      );
  });

  it('given a bad PORT, then start-up stops with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('given a malformed MONGODB_URL, then the message names it', () => {
    expect(() => loadConfig({ MONGODB_URL: 'http://db', ADMIN_KEY: 'a-long-admin-key' })).toThrow(
      /MONGODB_URL: must start with mongodb:\/\//,
    );
  });

  it('given EventStoreDB without an admin key, then ADMIN_KEY is required', () => {
    expect(() => loadConfig({ EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' })).toThrow(/ADMIN_KEY: is required/);
  });

  it('given a Stripe secret key without a webhook secret, then STRIPE_WEBHOOK_SECRET is required', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('given Stripe keys, then payments use Stripe and test pages are off unless TEST_PAGES is set', () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(loadConfig(env)).toMatchObject({ payments: 'stripe', testPages: false });
    expect(loadConfig({ ...env, TEST_PAGES: 'true' })).toMatchObject({ testPages: true });
  });

  it('given the production stores, then projections run in their own process', () => {
    const config = loadConfig({ ...PRODUCTION, ...STRIPE });
    expect(config).toMatchObject({ embedded: false, projections: 'external' });
  });
});

const BOOKING_LINK_SECRET = 'b'.repeat(48);
const PRODUCTION = {
  EVENTSTORE_URL: 'esdb://es:2113?tls=false',
  MONGODB_URL: 'mongodb://m:27017',
  ADMIN_KEY: 'a-long-admin-key',
  BOOKING_LINK_SECRET,
};
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

describe('configuration: payments cannot be switched off by accident', () => {
  it.each([
    [
      'EventStoreDB',
      { EVENTSTORE_URL: PRODUCTION.EVENTSTORE_URL, ADMIN_KEY: PRODUCTION.ADMIN_KEY, BOOKING_LINK_SECRET },
    ],
    ['MongoDB', { MONGODB_URL: PRODUCTION.MONGODB_URL, ADMIN_KEY: PRODUCTION.ADMIN_KEY, BOOKING_LINK_SECRET }],
    ['both', PRODUCTION],
  ])(
    'given the production stores (%s) and no Stripe keys, when loaded, then it refuses, naming STRIPE_SECRET_KEY and PAYMENTS and what to set',
    (_name, env) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/STRIPE_SECRET_KEY: payments are not configured/);
      expect(() => loadConfig(env)).toThrow(/set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
      expect(() => loadConfig(env)).toThrow(/PAYMENTS=offline/);
    },
  );

  it('given the production stores with a secret key but no webhook secret, then STRIPE_WEBHOOK_SECRET is required', () => {
    expect(() => loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required/,
    );
  });

  it('given the production stores and PAYMENTS=offline set explicitly, then it starts on the offline provider with the test pages', () => {
    expect(loadConfig({ ...PRODUCTION, PAYMENTS: 'offline' })).toMatchObject({
      embedded: false,
      payments: 'offline',
      testPages: true,
    });
  });

  it('given the production stores and Stripe keys, then payments use Stripe, whether PAYMENTS is unset or stripe', () => {
    expect(loadConfig({ ...PRODUCTION, ...STRIPE })).toMatchObject({ payments: 'stripe', testPages: false });
    expect(loadConfig({ ...PRODUCTION, ...STRIPE, PAYMENTS: 'stripe' })).toMatchObject({ payments: 'stripe' });
  });

  it('given PAYMENTS=offline beside Stripe keys, then the explicit choice wins', () => {
    expect(loadConfig({ ...STRIPE, PAYMENTS: 'offline' })).toMatchObject({ payments: 'offline', testPages: true });
  });

  it('given PAYMENTS=stripe on the embedded default without keys, then both Stripe variables are required', () => {
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: is required when PAYMENTS=stripe/);
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required/);
  });

  it('given an unknown PAYMENTS value, then the message names PAYMENTS', () => {
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow(/PAYMENTS/);
  });

  it.each(['sk_live_abc', 'rk_live_abc'])(
    'given TEST_PAGES=true with the live key %s, then it refuses, naming TEST_PAGES',
    (key) => {
      const env = { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: 'whsec_abc', TEST_PAGES: 'true' };
      expect(() => loadConfig(env)).toThrow(/TEST_PAGES: cannot be true with a live Stripe key/);
      expect(() => loadConfig({ ...PRODUCTION, ...env })).toThrow(/TEST_PAGES/);
      expect(loadConfig({ ...env, TEST_PAGES: 'false' })).toMatchObject({ payments: 'stripe', testPages: false });
    },
  );

  it('given no TEST_RUN, whatever the payment provider, then it is not a test run; TEST_RUN=true beside a live key is refused', () => {
    expect(loadConfig({})).toMatchObject({ payments: 'offline', testPages: true, TEST_RUN: false });
    expect(loadConfig({ ...STRIPE, TEST_PAGES: 'true' })).toMatchObject({ TEST_RUN: false });
    expect(loadConfig({ TEST_RUN: 'true' })).toMatchObject({ TEST_RUN: true });
    const live = { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', TEST_RUN: 'true' };
    expect(() => loadConfig(live)).toThrow(/TEST_RUN: cannot be true with a live Stripe key/);
  });

  it('given TEST_PAGES=true with a test key, then the test pages are on', () => {
    expect(loadConfig({ ...PRODUCTION, ...STRIPE, TEST_PAGES: 'true' })).toMatchObject({
      payments: 'stripe',
      testPages: true,
    });
  });

  it('given several problems at once, then one message names them all', () => {
    const message = (() => {
      try {
        loadConfig({ EVENTSTORE_URL: PRODUCTION.EVENTSTORE_URL });
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/STRIPE_SECRET_KEY/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(message).toMatch(/ADMIN_KEY/);
    expect(message).toMatch(/BOOKING_LINK_SECRET/);
  });

  it('given a process that takes no payments (the projector), when loaded on the production stores without Stripe keys, then it starts', () => {
    expect(loadConfig(PRODUCTION, { takesPayments: false })).toMatchObject({ embedded: false });
  });
});

describe('configuration: the booking links are signed with a secret every API process shares', () => {
  it('given the production stores without BOOKING_LINK_SECRET, when the API loads its configuration, then it refuses naming the variable and how to make one', () => {
    const { BOOKING_LINK_SECRET: _unset, ...env } = { ...PRODUCTION, ...STRIPE };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/BOOKING_LINK_SECRET: is required when EVENTSTORE_URL or MONGODB_URL is set/);
    expect(() => loadConfig(env)).toThrow(/openssl rand/);
  });

  it('given a short BOOKING_LINK_SECRET, then it is refused naming the variable', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...STRIPE, BOOKING_LINK_SECRET: 'short' })).toThrow(
      /BOOKING_LINK_SECRET: must be at least 32 characters/,
    );
  });

  it('given the embedded default, then no BOOKING_LINK_SECRET is needed (one is generated into DATA_DIR at start)', () => {
    expect(loadConfig({}).BOOKING_LINK_SECRET).toBeUndefined();
  });

  it('given the projector (no e-mail, no booking page), then it starts without BOOKING_LINK_SECRET', () => {
    const { BOOKING_LINK_SECRET: _unset, ...env } = PRODUCTION;
    expect(loadConfig(env, { takesPayments: false, signsBookingLinks: false })).toMatchObject({ embedded: false });
  });
});
