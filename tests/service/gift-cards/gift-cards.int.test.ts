import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { giftCardBody, makePricingApp, type PricingTestApp } from '../pricing/support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { pdfText } from '../../support/pdf-text.js';
import { giftCardStream } from '../../../contracts/gift-cards/events.js';
import type { GiftCardBalance, GiftCardPurchaseResponse, GiftCardView } from '../../../contracts/gift-cards/api.js';
import type { EnrollmentResponse, OrderView } from '../../../contracts/enrollment/api.js';
import type { VerifyPaymentResponse } from '../../../contracts/payments/api.js';
import { normalizeGiftCardCode } from '../../../contracts/gift-cards/code.js';
import { giftCardIdFor } from '../../../service/gift-cards/gift-card-code.js';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const issues = async (r: Response) => ((await r.json()) as { issues?: { path: string }[] }).issues?.map((i) => i.path);
const balance = async (code: string) => (await json<GiftCardBalance>(t.get(`/api/gift-cards/${code}`))).balanceCents;
const enroll = (workshopId: string, totalPrice: number, extra: Record<string, unknown> = {}) =>
  t.post(
    `/api/enroll/workshop/${workshopId}`,
    { ...baseForm({ email: nextParentEmail() }), totalPrice, ...extra },
    asNewVisitor(),
  );

describe('gift cards: buying one', () => {
  it('given a $50 card, when paid, then it is paid once whoever reports it, and its balance is $50', async () => {
    t = await makePricingApp();
    const order = await json<GiftCardPurchaseResponse>(t.post('/api/gift-cards', giftCardBody(5_000)));
    expect(order).toMatchObject({
      amountCents: 5_000,
      giftCardOrderId: expect.any(String),
      clientSecret: expect.any(String),
    });
    const [ordered] = await t.eventStore.readStream(giftCardStream(order.giftCardOrderId));
    const code = (ordered!.data as { code: string }).code;
    // Unpaid, the code opens nothing: the same 404 as a code that never existed.
    const unpaid = await t.get(`/api/gift-cards/${code}`);
    const unknown = await t.get('/api/gift-cards/0000-0000-0000-0000');
    expect([unpaid.status, unknown.status]).toEqual([404, 404]);
    expect(await unpaid.json()).toEqual(await unknown.json());

    await t.pay(order.clientSecret);
    const verified = await json<VerifyPaymentResponse>(
      t.post('/api/payments/verify', { paymentIntentId: order.paymentIntentId, clientSecret: order.clientSecret }),
    );
    expect(verified).toMatchObject({ status: 'succeeded', giftCardId: order.giftCardOrderId });
    const types = (await t.eventStore.readStream(giftCardStream(order.giftCardOrderId))).map((e) => e.type);
    expect(types.filter((x) => x === 'GiftCardPaid')).toHaveLength(1);
    expect(await balance(code)).toBe(5_000);
    // Typed generously: lower case, spaces for dashes.
    expect(await balance(code.toLowerCase().replace(/(.{4})/g, '$1 '))).toBe(5_000);
  });

  it('given a code, then it is 16 characters of 80 random bits, grouped by four, and its card id is a hash of it', async () => {
    t = await makePricingApp();
    const { code, giftCardId } = await t.buyGiftCard(2_500);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(giftCardId).toBe(giftCardIdFor(normalizeGiftCardCode(code)!));
    expect(giftCardId).not.toContain(normalizeGiftCardCode(code)!.slice(0, 6));
  });

  it.each([
    [{ amountCents: 2_000 }, 'amountCents'],
    [{ amountCents: 50_100 }, 'amountCents'],
    [{ amountCents: 2_550.5 }, 'amountCents'],
    [{ recipientEmail: 'not an address' }, 'recipientEmail'],
    [{ recipientName: '' }, 'recipientName'],
    [{ purchaserEmail: 'x@' }, 'purchaserEmail'],
    [{ purchaserName: 'A\u202Eb' }, 'purchaserName'],
    [{ message: 'x'.repeat(501) }, 'message'],
    [{ sendOn: 'next week' }, 'sendOn'],
    [{ sendOn: '2025-04-30' }, 'sendOn'],
    [{ sendOn: '2025-02-30' }, 'sendOn'],
    [{ sendOn: '2027-01-01' }, 'sendOn'],
  ])('given %j, when ordered, then 400 names %s and nothing is recorded', async (change, field) => {
    t = await makePricingApp();
    const before = await t.eventStore.headPosition();
    const r = await t.post('/api/gift-cards', giftCardBody(5_000, change));
    expect(r.status).toBe(400);
    expect(await issues(r)).toEqual([field]);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given a card paid today, then the recipient is e-mailed once with the code, the message and the card as a PDF', async () => {
    t = await makePricingApp();
    const { code } = await t.buyGiftCard(5_000);
    await t.replayReactors();
    const mails = t.mailer.sent.filter((m) => m.to === 'grace@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Ada Lovelace sent you a $50.00 gift card');
    expect(mail!.text).toContain(code);
    expect(mail!.text).toContain('Happy birthday!');
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf')!;
    const printed = await pdfText(Buffer.from(pdf.content, 'base64'));
    expect(printed.pages).toBe(1);
    expect(printed.text).toContain(code);
    expect(printed.text).toContain('$50.00');
  });

  it('given a card to send on a later day, then nothing leaves before it, and the timer sends it on the day, once', async () => {
    let now = new Date('2025-05-01T17:00:00Z');
    t = await makePricingApp({ clock: () => now });
    const { giftCardEmailTimer } = await import('../../../service/gift-cards/gift-card-email-timer.js');
    const { tickerOf } = await import('../../support/timers.js');
    const timer = tickerOf(giftCardEmailTimer(t.deps), t.deps, 'test');
    await t.buyGiftCard(5_000, { sendOn: '2025-05-03' });
    await timer.tick();
    expect(t.mailer.sent.filter((m) => m.to === 'grace@example.com')).toHaveLength(0);
    now = new Date('2025-05-03T06:00:00Z'); // 1 AM in Plano: May 3 already
    await timer.tick();
    await timer.tick();
    await t.settle();
    expect(t.mailer.sent.filter((m) => m.to === 'grace@example.com')).toHaveLength(1);
    await timer.stop();
  });

  it('given a card waiting for its send date, when its purchaser’s data is erased, then it goes to its recipient first, nothing goes to "Erased" on the day, and the card keeps its balance', async () => {
    let now = new Date('2025-05-01T17:00:00Z');
    t = await makePricingApp({ clock: () => now });
    const { giftCardEmailTimer } = await import('../../../service/gift-cards/gift-card-email-timer.js');
    const { tickerOf } = await import('../../support/timers.js');
    const timer = tickerOf(giftCardEmailTimer(t.deps), t.deps, 'test');
    const { code } = await t.buyGiftCard(5_000, { sendOn: '2025-06-01' });
    // Another parent's card, to the same recipient, stays for its day.
    await t.buyGiftCard(2_500, { sendOn: '2025-06-01', purchaserEmail: 'someone-else@example.com' });
    await timer.tick();
    const toGrace = () => t.mailer.sent.filter((m) => m.to === 'grace@example.com');
    expect(toGrace()).toHaveLength(0);

    const erased = await t.admin('POST', '/api/admin/privacy/erasures', { email: 'ADA@example.com' });
    expect(erased.status, await erased.clone().text()).toBe(202);
    expect(toGrace()).toHaveLength(1);
    expect(toGrace()[0]!.text).toContain(code);
    await t.settle();

    now = new Date('2025-06-01T17:00:00Z');
    await timer.tick();
    await t.settle();
    expect(toGrace()).toHaveLength(2);
    expect(t.mailer.sent.filter((m) => m.to === 'Erased')).toHaveLength(0);
    expect(await balance(code)).toBe(5_000);
    await timer.stop();
  });

  it('given a paid card, then its printable card is an HTML page and a one-page PDF; an unknown code opens neither', async () => {
    t = await makePricingApp();
    const { code } = await t.buyGiftCard(7_500, { message: '<b>Cheers</b>\nfrom us' });
    const html = await t.get(`/api/gift-cards/${code}/card`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(html.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await html.text();
    expect(page).toContain(code);
    expect(page).toContain('&lt;b&gt;Cheers&lt;/b&gt;<br>from us');
    const pdf = await t.get(`/api/gift-cards/${code}/card.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).pages).toBe(1);
    expect((await t.get('/api/gift-cards/0000-0000-0000-0000/card.pdf')).status).toBe(404);
  });

  it('given cards bought, then the admin lists them with balances and redemptions, never a code', async () => {
    t = await makePricingApp();
    const { code } = await t.buyGiftCard(5_000);
    await json(enroll('9', 130, { giftCardCode: code }));
    await t.settle();
    const list = await json<GiftCardView[]>(t.admin('GET', '/api/admin/gift-cards'));
    expect(list[0]).toMatchObject({ amountCents: 5_000, balanceCents: 0, status: 'spent', last4: code.slice(-4) });
    expect(list[0]!.redemptions[0]).toMatchObject({ kind: 'reserved', amountCents: 5_000 });
    expect(JSON.stringify(list)).not.toContain(normalizeGiftCardCode(code)!);
  });
});

describe('gift cards: paying with one', () => {
  it('given a $50 card, when a $130 class is enrolled with it, then $50 comes off the card and $80 is charged to the card', async () => {
    t = await makePricingApp();
    const { code } = await t.buyGiftCard(5_000);
    const enrolled = await json<EnrollmentResponse>(enroll('9', 130, { giftCardCode: code }));
    expect(enrolled.pricing).toMatchObject({ totalCents: 13_000, paidByGiftCardCents: 5_000, dueNowCents: 8_000 });
    expect(enrolled.pricing.lines.at(-1)).toEqual({
      kind: 'gift-card',
      label: `Gift card ending ${code.slice(-4)}`,
      amountCents: -5_000,
    });
    const wrong = await t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 130 });
    expect(wrong.status).toBe(400);
    expect(await issues(wrong)).toEqual(['amount']);
    const intent = await json<{ clientSecret: string; amountCents: number }>(
      t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 80 }),
    );
    expect(intent.amountCents).toBe(8_000);
    await t.pay(intent.clientSecret);
    const order = await json<OrderView>(t.get(`/api/orders/ORD-${enrolled.enrollmentId}`));
    expect(order).toMatchObject({ status: 'completed', amountCents: 13_000 });
    expect(await balance(code)).toBe(0);
  });

  it('given a $200 card, when a $130 class is enrolled with it, then it is confirmed at once without the card provider and $70 stays', async () => {
    t = await makePricingApp();
    const { code } = await t.buyGiftCard(20_000);
    const enrolled = await json<EnrollmentResponse>(enroll('9', 130, { giftCardCode: code }));
    expect(enrolled).toMatchObject({ orderId: `ORD-${enrolled.enrollmentId}`, pricing: { dueNowCents: 0 } });
    expect(enrolled.holdToken).toBeUndefined();
    const types = (await t.eventStore.readStream(enrollmentStream(enrolled.enrollmentId))).map((e) => e.type);
    expect(types).not.toContain('PaymentIntentCreated');
    expect(types).toContain('EnrollmentConfirmed');
    await t.settle();
    const order = await json<OrderView>(t.get(`/api/orders/ORD-${enrolled.enrollmentId}`));
    expect(order).toMatchObject({ status: 'completed', paymentMethod: 'Gift Card' });
    expect(await balance(code)).toBe(7_000);
  });

  it('given a wrong or empty card, when enrolled with it, then 400 names giftCardCode and nothing is held', async () => {
    t = await makePricingApp();
    const { code } = await t.buyGiftCard(2_500);
    await json(enroll('9', 130, { giftCardCode: code }));
    const before = await t.eventStore.headPosition();
    for (const typed of ['0000-0000-0000-0000', 'hello', code]) {
      const r = await enroll('9', 130, { giftCardCode: typed });
      expect(r.status).toBe(400);
      expect(await issues(r)).toEqual(['giftCardCode']);
    }
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given one $100 card, when 50 orders of $30 try to spend it at once, then at most 3 take $30 and it never goes below zero', async () => {
    t = await makePricingApp();
    await t.scheduleWorkshop({ id: 'thirty', capacity: 100, price: 30 });
    const { code, giftCardId } = await t.buyGiftCard(10_000);
    const responses = await Promise.all(Array.from({ length: 50 }, () => enroll('thirty', 30, { giftCardCode: code })));
    const taken = (await t.eventStore.readStream(giftCardStream(giftCardId)))
      .filter((e) => e.type === 'GiftCardAmountReserved')
      .map((e) => (e.data as { amountCents: number }).amountCents);
    expect(taken.filter((c) => c === 3_000).length).toBeLessThanOrEqual(3);
    expect(taken.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
    expect(responses.filter((r) => r.status === 201).length).toBe(taken.length);
    for (const r of responses.filter((x) => x.status !== 201)) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(await issues(r)).toEqual(['giftCardCode']);
    }
    expect(await balance(code)).toBe(10_000 - taken.reduce((a, b) => a + b, 0));
  });

  it('given a card spent in one process, when another starts on the same store, then it sees the spent balance and refuses to spend it again', async () => {
    const events = validatingEventStore(
      new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'gift-')), 'events.db')),
      eventSchemas,
    );
    t = await makePricingApp({ eventStore: events });
    const { code } = await t.buyGiftCard(5_000);
    expect((await enroll('9', 130, { giftCardCode: code })).status).toBe(201);
    await t.close();
    t = await makePricingApp({ eventStore: events, seed: false });
    expect(await balance(code)).toBe(0);
    const again = await enroll('9', 130, { giftCardCode: code });
    expect(again.status).toBe(400);
    await t.close();
    await events.close();
  });

  it('given an unpaid enrollment holding $50 of a card, when its hold lapses, then the $50 is back on the card', async () => {
    let now = new Date('2025-05-02T15:00:00Z');
    t = await makePricingApp({ clock: () => now });
    const { code } = await t.buyGiftCard(5_000);
    expect((await enroll('9', 130, { giftCardCode: code })).status).toBe(201);
    expect(await balance(code)).toBe(0);
    now = new Date(now.getTime() + 31 * 60_000);
    await t.timer.tick();
    await t.settle();
    expect(await balance(code)).toBe(5_000);
  });
});

describe('refunds return to where the money came from', () => {
  it('given $50 by gift card and $80 by card, when the office cancels with a full refund, then $80 goes to the card and $50 back onto the gift card', async () => {
    t = await makePricingApp();
    const { code } = await t.buyGiftCard(5_000);
    const enrolled = await json<EnrollmentResponse>(enroll('9', 130, { giftCardCode: code }));
    const intent = await json<{ clientSecret: string; paymentIntentId: string }>(
      t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 80 }),
    );
    await t.pay(intent.clientSecret);
    const r = await t.admin('POST', `/api/admin/enrollments/${enrolled.enrollmentId}/cancel`, { refund: 'full' });
    expect(r.status).toBe(200);
    await t.settle();
    const events = await t.eventStore.readStream(enrollmentStream(enrolled.enrollmentId));
    const requested = events.filter((e) => e.type === 'RefundRequested').map((e) => e.data);
    expect(requested).toEqual([
      expect.objectContaining({ amountCents: 8_000, paymentIntentId: intent.paymentIntentId }),
      expect.objectContaining({ amountCents: 5_000, source: 'gift-card', to: 'gift-card' }),
    ]);
    expect(events.filter((e) => e.type === 'RefundIssued')).toHaveLength(2);
    expect(await balance(code)).toBe(5_000);
    // Refunded once, however often the reactors see it again.
    await t.replayReactors();
    expect(await balance(code)).toBe(5_000);
  });

  it('given a paid order, when the office refunds $100 of $130 ($50 was the gift card), then the card part goes first', async () => {
    t = await makePricingApp();
    const { code } = await t.buyGiftCard(5_000);
    const enrolled = await json<EnrollmentResponse>(enroll('9', 130, { giftCardCode: code }));
    const intent = await json<{ clientSecret: string }>(
      t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 80 }),
    );
    await t.pay(intent.clientSecret);
    const tooMuch = await t.admin('POST', `/api/admin/enrollments/${enrolled.enrollmentId}/cancel`, { refund: 131 });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()) as { error: string }).toMatchObject({
      error: expect.stringContaining('at most $130.00'),
    });
    expect(
      (await t.admin('POST', `/api/admin/enrollments/${enrolled.enrollmentId}/cancel`, { refund: 100 })).status,
    ).toBe(200);
    await t.settle();
    expect(await balance(code)).toBe(2_000);
  });
});
