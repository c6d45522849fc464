import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from './support.js';
import { makePricingApp, type PricingTestApp } from '../pricing/support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { tickerOf } from '../../support/timers.js';
import { FaultyPayments } from '../../support/faults.js';
import { installmentPlanStream, type InstallmentPlanStarted } from '../../../contracts/enrollment/installment-plan.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { InstallmentPlanDoc } from '../../../projections/enrollment/installment-plans.js';
import { installmentTimer } from '../../../service/enrollment/installments/installment-timer.js';
import { chargeInstallment } from '../../../service/enrollment/installments/charge-installment.js';
import type { AppDeps } from '../../../service/core/deps.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { installmentPaymentReactor } from '../../../service/enrollment/installments/installment-payment-reactor.js';

// Issue 43 item 2: a $300 camp (Saturday, September 27, 2025) paid in 3 from May 1: $100 at the
// checkout, then $100 on June 1 and on July 1, each charged on its date exactly once.

let t: PricingTestApp;
let now: Date;
afterEach(async () => {
  await t?.close();
});

const JUNE_1 = new Date('2025-06-01T15:00:00Z');
const JULY_1 = new Date('2025-07-01T15:00:00Z');

/** A parent books the camp in 3 and pays the first with `card`; answers the enrollment's id. */
async function bookInThree(card = '4242 4242 4242 4242'): Promise<string> {
  const r = await t.post(
    '/api/enroll/workshop/camp',
    { ...baseForm({ email: nextParentEmail() }), totalPrice: 300, installments: 3 },
    asNewVisitor(),
  );
  expect(r.status, await r.clone().text()).toBe(201);
  const { enrollmentId } = (await r.json()) as EnrollmentResponse;
  const intent = (await (await t.post('/api/create-payment-intent', { enrollmentId, amount: 100 })).json()) as {
    clientSecret: string;
  };
  const paid = await t.post('/api/offline-payments/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: card,
    expiry: '12/34',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  await t.offline.idle();
  await t.settle();
  return enrollmentId;
}

async function campApp() {
  now = new Date('2025-05-01T15:00:00Z');
  t = await makePricingApp({ clock: () => now });
  await t.scheduleWorkshop({
    id: 'camp',
    price: 300,
    capacity: 20,
    paymentPlan: { installments: 3, lastDueDaysBefore: 7 },
  });
}

const planEvents = async (enrollmentId: string) =>
  (await t.eventStore.readStream(installmentPlanStream(enrollmentId))).map((e) => ({ type: e.type, data: e.data }));
const planDoc = async (enrollmentId: string) =>
  (await t.readStore.get<InstallmentPlanDoc>('installment-plans', enrollmentId))?.doc;
const withPayments = (payments: FaultyPayments): AppDeps => ({ ...t.deps, payments });
const meta = { correlationId: 'test', causationId: 'test', actor: 'system' as const, at: '2025-06-01T15:00:00Z' };

describe('instalments charged on their dates, exactly once (issue 43 item 2)', () => {
  it('given a booking in 3 paid at the checkout, then the plan starts on its own stream with the saved card: 1 paid, 2 and 3 due', async () => {
    await campApp();
    const enrollmentId = await bookInThree();
    const [started] = await planEvents(enrollmentId);
    expect(started?.type).toBe('InstallmentPlanStarted');
    expect((started!.data as InstallmentPlanStarted).savedCard).toEqual({
      customerId: expect.stringMatching(/^cus_offline_/),
      paymentMethodId: expect.stringMatching(/^pm_offline_/),
    });
    expect((await planDoc(enrollmentId))?.installments.map((i) => [i.n, i.status, i.amountCents])).toEqual([
      [1, 'paid', 10_000],
      [2, 'due', 10_000],
      [3, 'due', 10_000],
    ]);
  });

  it('given the plan, when the pass runs before, on and after each date, then each instalment is charged once, on its date', async () => {
    await campApp();
    const enrollmentId = await bookInThree();
    const payments = new FaultyPayments(t.offline);
    const timer = tickerOf(installmentTimer(withPayments(payments)), t.deps, 'charges');
    now = new Date('2025-05-31T15:00:00Z');
    expect(await timer.tick()).toEqual({ paid: 0, declined: 0, failures: 0 });
    now = JUNE_1;
    expect(await timer.tick()).toEqual({ paid: 1, declined: 0, failures: 0 });
    await t.settle();
    expect(await timer.tick()).toEqual({ paid: 0, declined: 0, failures: 0 });
    now = JULY_1;
    expect(await timer.tick()).toEqual({ paid: 1, declined: 0, failures: 0 });
    await t.settle();
    const doc = await planDoc(enrollmentId);
    expect(doc?.installments.map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
    expect(doc).toMatchObject({ open: false, nextChargeAt: null });
    expect(payments.chargeCalls.map((c) => c.idempotencyKey)).toEqual([
      `installment-${enrollmentId}-2-1`,
      `installment-${enrollmentId}-3-1`,
    ]);
  });

  it('given two runners charging the same instalment at the same time, then the card is charged once and the payment recorded once', async () => {
    await campApp();
    const enrollmentId = await bookInThree();
    const payments = new FaultyPayments(t.offline);
    now = JUNE_1;
    const outcomes = await Promise.all([
      chargeInstallment(withPayments(payments), enrollmentId, 2, meta),
      chargeInstallment(withPayments(payments), enrollmentId, 2, meta),
    ]);
    expect(outcomes).toContain('paid');
    const events = await planEvents(enrollmentId);
    expect(events.filter((e) => e.type === 'InstallmentChargeStarted')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'InstallmentPaid')).toHaveLength(1);
    // Both may have asked the provider, with the one key: one charge.
    expect(new Set(payments.chargeCalls.map((c) => c.intentId)).size).toBe(1);
  });

  it('given the card charged but the answer lost (a crash), when another runner passes, then it asks with the same key and records the one charge', async () => {
    await campApp();
    const enrollmentId = await bookInThree();
    const payments = new FaultyPayments(t.offline);
    payments.timeOutCharges(1, 'after');
    now = JUNE_1;
    const first = tickerOf(installmentTimer(withPayments(payments)), t.deps, 'runner-a');
    expect(await first.tick()).toEqual({ paid: 0, declined: 0, failures: 1 });
    // The runner is gone without giving back its lease; another takes over at its start.
    const second = tickerOf(installmentTimer(withPayments(payments)), t.deps, 'runner-b', true);
    expect(await second.tick()).toEqual({ paid: 1, declined: 0, failures: 0 });
    await t.settle();
    expect(await second.tick()).toEqual({ paid: 0, declined: 0, failures: 0 });
    expect(payments.chargeCalls.map((c) => c.intentId)).toEqual([
      payments.chargeCalls[0]!.intentId,
      payments.chargeCalls[0]!.intentId,
    ]);
    expect((await planEvents(enrollmentId)).filter((e) => e.type === 'InstallmentPaid')).toHaveLength(1);
  });

  it('given 4000 0000 0000 0341 saved at the checkout, when June 1 comes, then it is declined and tried again on June 4 and June 8, then no more', async () => {
    await campApp();
    const enrollmentId = await bookInThree('4000 0000 0000 0341');
    const payments = new FaultyPayments(t.offline);
    const timer = tickerOf(installmentTimer(withPayments(payments)), t.deps, 'charges');
    const at = async (iso: string) => {
      now = new Date(iso);
      const report = await timer.tick();
      await t.settle();
      return report;
    };
    expect(await at('2025-06-01T15:00:00Z')).toMatchObject({ declined: 1 });
    expect((await planDoc(enrollmentId))?.installments[1]).toMatchObject({
      status: 'failed',
      nextAttemptAt: '2025-06-04T15:00:00.000Z',
    });
    expect(await at('2025-06-02T15:00:00Z')).toMatchObject({ declined: 0 });
    expect(await at('2025-06-04T15:00:00Z')).toMatchObject({ declined: 1 });
    expect(await at('2025-06-08T15:00:00Z')).toMatchObject({ declined: 1 });
    expect((await planDoc(enrollmentId))?.installments[1]).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(await at('2025-06-20T15:00:00Z')).toMatchObject({ declined: 0 });
    expect(payments.chargeCalls.map((c) => c.idempotencyKey.split('-').slice(-2).join('-'))).toEqual([
      '2-1',
      '2-2',
      '2-3',
    ]);
  });

  it('given the booking cancelled by the office, when June 1 comes, then nothing is charged', async () => {
    await campApp();
    const enrollmentId = await bookInThree();
    const cancelled = await t.admin('POST', `/api/admin/enrollments/${enrollmentId}/cancel`, {
      refund: 'none',
      reason: 'The family moved away.',
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await t.settle();
    const payments = new FaultyPayments(t.offline);
    now = JUNE_1;
    expect(await tickerOf(installmentTimer(withPayments(payments)), t.deps, 'charges').tick()).toEqual({
      paid: 0,
      declined: 0,
      failures: 0,
    });
    expect(payments.chargeCalls).toEqual([]);
  });

  it('given a booking in instalments, when the parent asks to pay the balance from the booking page, then 409: the saved card pays it on its dates, never twice', async () => {
    await campApp();
    const enrollmentId = await bookInThree();
    const token = bookingLinksFor(t.deps.config)!.token(enrollmentId);
    const r = await t.post(`/api/bookings/${token}/balance-payment`, {});
    expect(r.status).toBe(409);
    expect(((await r.json()) as { error: string }).error).toMatch(/paid in instalments/);
  });
});

describe('an instalment paid is paid on the booking (issue 43 items 1-2)', () => {
  const tokenOf = (enrollmentId: string) => bookingLinksFor(t.deps.config)!.token(enrollmentId);
  const bookingPage = async (enrollmentId: string) =>
    (await (await t.get(`/api/bookings/${tokenOf(enrollmentId)}`)).json()) as {
      balanceCents?: number;
      paidCents?: number;
      payments?: { amountCents: number; paidAt: string; method: string }[];
    };
  const officeRecord = async (enrollmentId: string) =>
    (await (await t.admin('GET', `/api/admin/enrollments/${enrollmentId}`)).json()) as {
      balanceCents?: number;
      paidAmount?: number;
    };
  const enrollmentEvents = async (enrollmentId: string) =>
    (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => ({ type: e.type, data: e.data }));

  /** A booking in 3 whose second instalment the timer charged on June 1. */
  async function secondPaid() {
    await campApp();
    const enrollmentId = await bookInThree();
    now = JUNE_1;
    expect(await tickerOf(installmentTimer(t.deps), t.deps, 'charges').tick()).toMatchObject({ paid: 1 });
    await t.settle();
    return enrollmentId;
  }

  it('given instalment 2 charged by the timer, then the office record and the booking page show $200 paid, $100 left, and a second Paid line', async () => {
    const enrollmentId = await secondPaid();
    expect(await officeRecord(enrollmentId)).toMatchObject({ balanceCents: 10_000, paidAmount: 200 });
    const page = await bookingPage(enrollmentId);
    expect(page).toMatchObject({ balanceCents: 10_000 });
    expect(page.payments?.map((p) => [p.amountCents, p.method])).toEqual([
      [10_000, 'Visa ending 4242'],
      [10_000, 'Visa ending 4242'],
    ]);
    expect(page.payments?.[1]?.paidAt).toBe(JUNE_1.toISOString());
    expect((await enrollmentEvents(enrollmentId)).filter((e) => e.type === 'InstallmentPaymentRecorded')).toEqual([
      {
        type: 'InstallmentPaymentRecorded',
        data: {
          enrollmentId,
          n: 2,
          paymentIntentId: expect.any(String),
          amountCents: 10_000,
          paidAt: JUNE_1.toISOString(),
          card: { brand: 'visa', last4: '4242' },
        },
      },
    ]);
  });

  it("given instalment 2 charged by the timer, then the dashboard's revenue and the revenue report count it: $200 in", async () => {
    await secondPaid();
    const dashboard = (await (await t.admin('GET', '/api/admin/dashboard')).json()) as { revenue: number };
    expect(dashboard.revenue).toBe(200);
    const report = (await (
      await t.admin('GET', '/api/admin/reports/revenue?from=2025-05-01&to=2025-06-30&by=month')
    ).json()) as { totals: { bookedCents: number } };
    expect(report.totals.bookedCents).toBe(20_000);
  });

  it('given instalment 2 charged by the timer, then the parent gets its receipt once, with the booking as it now stands', async () => {
    const enrollmentId = await secondPaid();
    const receipts = () => t.mailer.sent.filter((m) => m.messageId.startsWith('<receipt-installment-'));
    expect(receipts().map((m) => m.subject)).toEqual([
      `Receipt ORD-${enrollmentId}: Instalment 2 of 3 of Workshop camp, $100.00`,
    ]);
    expect(receipts()[0]!.text).toContain('$200.00 of $300.00 paid; $100.00 left');
    expect(receipts()[0]!.attachments).toHaveLength(1);
  });

  it('given instalment 2 recorded, when the reactor is handed its InstallmentPaid again (a redelivery), then nothing more is recorded', async () => {
    const enrollmentId = await secondPaid();
    const before = await enrollmentEvents(enrollmentId);
    const paid = (await t.eventStore.readStream(installmentPlanStream(enrollmentId))).find(
      (e) => e.type === 'InstallmentPaid',
    )!;
    const reactor = installmentPaymentReactor(t.deps);
    await reactor.handle(paid as never, { metadata: meta, idempotencyKey: `installment-payments@${paid.position}` });
    await reactor.handle(paid as never, { metadata: meta, idempotencyKey: `installment-payments@${paid.position}` });
    expect(await enrollmentEvents(enrollmentId)).toEqual(before);
  });

  it('given two instalments paid, when the parent cancels in time, then the policy gives back $200: instalment 2 from its own intent, then the first', async () => {
    const enrollmentId = await secondPaid();
    const r = await t.post(`/api/bookings/${tokenOf(enrollmentId)}/cancel`, {});
    expect(r.status, await r.clone().text()).toBe(200);
    const events = await enrollmentEvents(enrollmentId);
    const instalment = events.find((e) => e.type === 'InstallmentPaymentRecorded')!.data as { paymentIntentId: string };
    const first = events.find((e) => e.type === 'PaymentSucceeded')!.data as { paymentIntentId: string };
    const refunds = events
      .filter((e) => e.type === 'RefundRequested')
      .map((e) => e.data as { paymentIntentId: string; amountCents: number });
    expect(refunds.map((x) => [x.paymentIntentId, x.amountCents])).toEqual([
      [instalment.paymentIntentId, 10_000],
      [first.paymentIntentId, 10_000],
    ]);
  });
});
