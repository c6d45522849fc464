import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { OfflinePayments } from '../../../service/payments/offline-adapter.js';
import { tempDataDir } from '../../support/server.js';

// Issue 43: an instalment plan's first payment saves the card; the later ones charge it with the
// parent away. The offline provider behaves as Stripe's test mode: 4242 pays every time, 4000 0000
// 0000 0341 is saved but every later charge is declined.

const SECRET = 'whsec_saved_cards_suite';
let provider: OfflinePayments | null = null;
afterEach(() => provider?.close());

const saving = (key: string) => ({
  amountCents: 10_000,
  idempotencyKey: key,
  description: 'Summer Camp x 1',
  metadata: { enrollmentId: key, kind: 'enrollment' },
  saveCard: { customerIdempotencyKey: `customer-${key}` },
});
const pay = (p: OfflinePayments, clientSecret: string, cardNumber: string) =>
  p.confirmWithTestCard({ clientSecret, cardNumber, expiry: '12/34', cvc: '123' });
const charge = (card: { customerId: string; paymentMethodId: string }, key: string) => ({
  card,
  amountCents: 10_000,
  idempotencyKey: key,
  description: 'Summer Camp: instalment 2 of 3',
  metadata: { enrollmentId: 'e1', kind: 'installment', installment: '2' },
});

describe('offline payments provider: saved cards (issue 43)', () => {
  it('given a first payment that saves the card, when paid with 4242, then the intent names its customer and card, and a charge with the parent away succeeds once per key', async () => {
    provider = new OfflinePayments({ webhookSecret: SECRET });
    const first = await provider.createPaymentIntent(saving('e1'));
    expect(first.savedCard ?? null).toBeNull();
    expect(pay(provider, first.clientSecret, '4242 4242 4242 4242')?.paymentIntent?.status).toBe('succeeded');
    const paid = await provider.retrievePaymentIntent(first.id);
    expect(paid?.savedCard).toEqual({
      customerId: expect.stringMatching(/^cus_offline_/),
      paymentMethodId: expect.stringMatching(/^pm_offline_/),
    });

    const charged = await provider.chargeSavedCard(charge(paid!.savedCard!, 'installment-e1-2-1'));
    expect(charged).toMatchObject({ status: 'succeeded', amountCents: 10_000, lastError: null });
    const again = await provider.chargeSavedCard(charge(paid!.savedCard!, 'installment-e1-2-1'));
    expect(again.id).toBe(charged.id);
  });

  it('given 4000 0000 0000 0341, when it pays the first payment, then it is saved; every later charge is declined, and without saving it is declined at once', async () => {
    provider = new OfflinePayments({ webhookSecret: SECRET });
    const first = await provider.createPaymentIntent(saving('e2'));
    expect(pay(provider, first.clientSecret, '4000 0000 0000 0341')?.paymentIntent?.status).toBe('succeeded');
    const card = (await provider.retrievePaymentIntent(first.id))!.savedCard!;
    const declined = await provider.chargeSavedCard(charge(card, 'installment-e2-2-1'));
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'generic_decline', message: 'Your card was declined.' },
    });

    const plain = await provider.createPaymentIntent({ ...saving('e3'), saveCard: undefined });
    expect(pay(provider, plain.clientSecret, '4000 0000 0000 0341')?.error?.code).toBe('card_declined');
  });

  it('given a saved card, when it is detached, then a later charge is declined as unavailable, not charged', async () => {
    provider = new OfflinePayments({ webhookSecret: SECRET });
    const first = await provider.createPaymentIntent(saving('e4'));
    pay(provider, first.clientSecret, '4242 4242 4242 4242');
    const card = (await provider.retrievePaymentIntent(first.id))!.savedCard!;
    expect(await provider.detachCard(card)).toBe(true);
    const refused = await provider.chargeSavedCard(charge(card, 'installment-e4-2-1'));
    expect(refused).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'payment_method_unavailable' },
    });
  });

  it('given a saved card and a charge made, when the provider restarts on its file, then the card is still saved and the same key still answers the same charge', async () => {
    const file = join(tempDataDir('saved-cards-'), 'offline-payments.db');
    const before = new OfflinePayments({ file, webhookSecret: SECRET });
    const first = await before.createPaymentIntent(saving('e5'));
    pay(before, first.clientSecret, '4242 4242 4242 4242');
    const card = (await before.retrievePaymentIntent(first.id))!.savedCard!;
    const charged = await before.chargeSavedCard(charge(card, 'installment-e5-2-1'));
    await before.idle();
    before.close();
    provider = new OfflinePayments({ file, webhookSecret: SECRET });
    expect((await provider.retrievePaymentIntent(first.id))?.savedCard).toEqual(card);
    expect((await provider.chargeSavedCard(charge(card, 'installment-e5-2-1'))).id).toBe(charged.id);
    expect((await provider.chargeSavedCard(charge(card, 'installment-e5-3-1'))).status).toBe('succeeded');
  });
});
