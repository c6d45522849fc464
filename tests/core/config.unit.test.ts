import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../service/core/config.js';

describe('configuration', () => {
  it('given no variables, then it runs embedded on port 3000 with the offline provider and test pages', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', embedded: true, payments: 'offline', projectionsInline: true, testPages: true, HOLD_MINUTES: 30 });
  });

  it('given a bad PORT, then start-up stops with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('given a malformed MONGODB_URL, then the message names it', () => {
    expect(() => loadConfig({ MONGODB_URL: 'http://db', ADMIN_KEY: 'a-long-admin-key' })).toThrow(/MONGODB_URL: must start with mongodb:\/\//);
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
    const config = loadConfig({ EVENTSTORE_URL: 'esdb://es:2113?tls=false', MONGODB_URL: 'mongodb://m:27017', ADMIN_KEY: 'a-long-admin-key' });
    expect(config).toMatchObject({ embedded: false, projectionsInline: false });
  });
});
