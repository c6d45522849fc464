import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { OfflinePayments } from '../../../service/payments/offline-adapter.js';
import { tempDataDir } from '../../support/server.js';

/**
 * The offline provider keeps its intents, idempotency keys and refunds in SQLite (WAL, a file in
 * DATA_DIR, owner-only) and keeps them across a restart.
 */

const SECRET = 'whsec_offline_adapter_suite';
const intentInput = (key: string, amountCents = 13000) => ({
  amountCents,
  idempotencyKey: key,
  description: 'Adult Dining x 1',
  metadata: { enrollmentId: key.replace('enrollment-', '') },
});
const mode = (file: string) => statSync(file).mode & 0o777;

describe('offline payments provider: storage', () => {
  it('given intents, a payment and a refund, when the provider restarts on the same file, then all are there and the same key still gives the same intent', async () => {
    const file = join(tempDataDir('offline-'), 'offline-payments.db');
    const first = new OfflinePayments({ file, webhookSecret: SECRET });
    const paid = await first.createPaymentIntent(intentInput('enrollment-a'));
    const unpaid = await first.createPaymentIntent(intentInput('enrollment-b', 2600));
    expect(
      first.confirmWithTestCard({
        clientSecret: paid.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      })?.paymentIntent?.status,
    ).toBe('succeeded');
    const refund = await first.refund(paid.id, 'refund-a');
    await first.idle();
    first.close();

    const second = new OfflinePayments({ file, webhookSecret: SECRET });
    try {
      expect(await second.retrievePaymentIntent(paid.id)).toMatchObject({
        status: 'succeeded',
        amountCents: 13000,
        clientSecret: paid.clientSecret,
        metadata: { enrollmentId: 'a' },
      });
      expect(await second.retrievePaymentIntent(unpaid.id)).toMatchObject({
        status: 'requires_payment_method',
        amountCents: 2600,
      });
      expect((await second.createPaymentIntent(intentInput('enrollment-b', 2600))).id).toBe(unpaid.id);
      expect(await second.refund(paid.id, 'refund-a')).toEqual(refund);
    } finally {
      second.close();
    }
  });

  it('given a declined card, when the provider restarts, then the decline reason is kept', async () => {
    const file = join(tempDataDir('offline-'), 'offline-payments.db');
    const first = new OfflinePayments({ file, webhookSecret: SECRET });
    const pi = await first.createPaymentIntent(intentInput('enrollment-c'));
    first.confirmWithTestCard({
      clientSecret: pi.clientSecret,
      cardNumber: '4000000000009995',
      expiry: '12/34',
      cvc: '123',
    });
    await first.idle();
    first.close();

    const second = new OfflinePayments({ file, webhookSecret: SECRET });
    try {
      expect(await second.retrievePaymentIntent(pi.id)).toMatchObject({
        status: 'requires_payment_method',
        lastError: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      });
    } finally {
      second.close();
    }
  });

  it('given the provider on a file, when it writes, then the file is a SQLite database in WAL mode, owner-only, and no JSON file is written', async () => {
    const dir = tempDataDir('offline-');
    const file = join(dir, 'offline-payments.db');
    const provider = new OfflinePayments({ file, webhookSecret: SECRET });
    await provider.createPaymentIntent(intentInput('enrollment-d'));

    expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT COUNT(*) FROM intents').pluck().get()).toBe(1);
    db.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect({ f, mode: mode(f) }).toEqual({ f, mode: 0o600 });
    expect(existsSync(join(dir, 'offline-payments.json'))).toBe(false);
    provider.close();
  });

  it('given the JSON file of an earlier version, when the provider starts, then its intents, keys and refunds are taken in once and the JSON is set aside', async () => {
    const dir = tempDataDir('offline-');
    const json = join(dir, 'offline-payments.json');
    const old = {
      intents: {
        pi_offline_old: {
          id: 'pi_offline_old',
          amount: 7500,
          status: 'succeeded',
          client_secret: 'pi_offline_old_secret_x',
          metadata: { enrollmentId: 'old' },
          last_payment_error: null,
        },
      },
      keys: { 'enrollment-old': 'pi_offline_old' },
      refunds: { 'refund-gone': { refundId: 're_offline_old', amountCents: 1000 } },
    };
    writeFileSync(json, JSON.stringify(old));

    const provider = new OfflinePayments({
      file: join(dir, 'offline-payments.db'),
      legacyJsonFile: json,
      webhookSecret: SECRET,
    });
    try {
      expect(await provider.retrievePaymentIntent('pi_offline_old')).toMatchObject({
        status: 'succeeded',
        amountCents: 7500,
      });
      expect((await provider.createPaymentIntent(intentInput('enrollment-old', 7500))).id).toBe('pi_offline_old');
      expect(await provider.refund('pi_offline_old', 'refund-gone')).toEqual({
        refundId: 're_offline_old',
        amountCents: 1000,
      });
      expect(existsSync(json)).toBe(false);
      expect(mode(`${json}.imported`)).toBe(0o600);
    } finally {
      provider.close();
    }
  });
});

describe('offline payments provider: refunds as Stripe makes them', () => {
  it('given a $130 charge, when refunded in parts, then each key refunds once and more than is left is refused', async () => {
    const provider = new OfflinePayments({ webhookSecret: SECRET });
    const pi = await provider.createPaymentIntent(intentInput('enrollment-r'));
    await expect(provider.refund(pi.id, 'early', 100)).rejects.toMatchObject({
      name: 'RefundRefusedError',
      code: 'charge_not_found',
    });
    provider.confirmWithTestCard({
      clientSecret: pi.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    const part = await provider.refund(pi.id, 'r-1', 4_000);
    expect(await provider.refund(pi.id, 'r-1', 4_000)).toEqual(part);
    await expect(provider.refund(pi.id, 'r-2', 9_001)).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(await provider.refund(pi.id, 'r-3')).toMatchObject({ amountCents: 9_000 });
    await expect(provider.refund(pi.id, 'r-4', 1)).rejects.toMatchObject({ code: 'charge_already_refunded' });
    await provider.idle();
    provider.close();
  });
});

describe('offline payments provider: the simulated payment of the test pages', () => {
  it('given an unpaid intent, when a test payment is simulated, then the intent is paid first and the signed event says what the provider now reports', async () => {
    const provider = new OfflinePayments({ webhookSecret: SECRET });
    const pi = await provider.createPaymentIntent(intentInput('enrollment-e'));

    const outcome = provider.payForTest(pi.id);

    expect(outcome.kind).toBe('signed');
    if (outcome.kind !== 'signed') return;
    expect((await provider.retrievePaymentIntent(pi.id))?.status).toBe('succeeded');
    const event = provider.verifyEvent(outcome.payload, outcome.header);
    expect(event).toMatchObject({
      type: 'payment_intent.succeeded',
      intent: { id: pi.id, status: 'succeeded', amountCents: 13000 },
    });
  });

  it('given an intent a card declined, when a test payment is simulated, then it is paid with the card that succeeds and the decline is cleared', async () => {
    const provider = new OfflinePayments({ webhookSecret: SECRET });
    const pi = await provider.createPaymentIntent(intentInput('enrollment-f'));
    provider.confirmWithTestCard({
      clientSecret: pi.clientSecret,
      cardNumber: '4000000000000002',
      expiry: '12/34',
      cvc: '123',
    });

    expect(provider.payForTest(pi.id).kind).toBe('signed');
    expect(await provider.retrievePaymentIntent(pi.id)).toMatchObject({ status: 'succeeded', lastError: null });
  });

  it('given an unknown intent, when a test payment is simulated, then nothing is signed', () => {
    const provider = new OfflinePayments({ webhookSecret: SECRET });
    expect(provider.payForTest('pi_offline_nope')).toEqual({ kind: 'unknown' });
  });
});
