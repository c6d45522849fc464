import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from './support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { pdfText } from '../../support/pdf-text.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import { balanceReminderTimer } from '../../../service/enrollment/emails/balance-reminder-timer.js';
import { tickerOf } from '../../support/timers.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { BalancePaymentResponse, BookingView } from '../../../contracts/booking/api.js';
import type { AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';

// A $250 camp taking a $50 deposit per child, the balance due 14 days before it starts (on the
// date of the seeded ninth workshop: Saturday, September 27, 2025 at 6:00 PM in Plano).
const START = SEED_WORKSHOPS[8]!.date;
const DUE = '2025-09-13T23:00:00.000Z'; // 14 days before, 6:00 PM CDT

let t: PricingTestApp;
let now: Date;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const tokenOf = (enrollmentId: string) => bookingLinksFor(t.deps.config)!.token(enrollmentId);
const booking = (id: string) => json<BookingView>(t.get(`/api/bookings/${tokenOf(id)}`));

async function campApp(extra: { depositCents?: number; balanceDueDaysBefore?: number } = {}) {
  now = new Date('2025-05-01T15:00:00Z');
  t = await makePricingApp({ clock: () => now });
  await t.scheduleWorkshop({ id: 'camp', price: 250, capacity: 20, depositCents: 5_000, ...extra });
}

/** Two children booked with the deposit paid by card. */
async function depositBooking(extra: Record<string, unknown> = {}) {
  const enrolled = await json<EnrollmentResponse>(
    t.post(
      '/api/enroll/workshop/camp',
      { ...baseForm({ participants: 2, email: nextParentEmail() }), totalPrice: 500, ...extra },
      asNewVisitor(),
    ),
  );
  const intent = await json<{ clientSecret: string; amountCents: number }>(
    t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 100 }),
  );
  expect(intent.amountCents).toBe(10_000);
  await t.pay(intent.clientSecret);
  return enrolled;
}

describe('deposits: what is due now and what later', () => {
  it('given a $50 deposit a child, when two enroll, then $100 now and $400 by 14 days before; the card is asked for $100 only', async () => {
    await campApp();
    const enrolled = await json<EnrollmentResponse>(
      t.post('/api/enroll/workshop/camp', { ...baseForm({ participants: 2 }), totalPrice: 500 }, asNewVisitor()),
    );
    expect(enrolled.pricing).toMatchObject({
      totalCents: 50_000,
      dueNowCents: 10_000,
      balanceCents: 40_000,
      balanceDueAt: DUE,
    });
    const all = await t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 500 });
    expect(all.status).toBe(400);
    expect(((await all.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['amount']);
  });

  it('given the balance already due (enrolling 10 days before), then everything is due now', async () => {
    await campApp();
    now = new Date(Date.parse(START) - 10 * 86_400_000);
    const enrolled = await json<EnrollmentResponse>(
      t.post('/api/enroll/workshop/camp', { ...baseForm(), totalPrice: 250 }, asNewVisitor()),
    );
    expect(enrolled.pricing).toMatchObject({ dueNowCents: 25_000, balanceCents: 0, balanceDueAt: null });
  });

  it('given the deposit paid, then the booking is confirmed, its page and receipt show the balance, and the tracker lists it under Balance due', async () => {
    await campApp();
    const { enrollmentId } = await depositBooking();
    const view = await booking(enrollmentId);
    expect(view).toMatchObject({ status: 'completed', balanceCents: 40_000, balanceDueAt: DUE, paidCents: 10_000 });
    expect(view.pricing.lines[0]).toEqual({ kind: 'seats', label: '$250.00 x 2 participants', amountCents: 50_000 });
    const pdf = await t.get(`/api/bookings/${tokenOf(enrollmentId)}/receipt.pdf`);
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Deposit paid');
    expect(text).toContain('$400.00 by Saturday, September 13, 2025');
    const rows = await json<AdminEnrollmentRecord[]>(t.admin('GET', '/api/admin/enrollments?status=balance-due'));
    expect(rows.map((r) => r.id)).toEqual([enrollmentId]);
    expect(rows[0]).toMatchObject({ balanceCents: 40_000, balanceDueAt: DUE });
  });

  it('given a deposit booking, when the parent pays the balance from the booking page, then it is paid once and owes nothing', async () => {
    await campApp();
    const { enrollmentId } = await depositBooking();
    const token = tokenOf(enrollmentId);
    const first = await json<BalancePaymentResponse>(t.post(`/api/bookings/${token}/balance-payment`, {}));
    const again = await json<BalancePaymentResponse>(t.post(`/api/bookings/${token}/balance-payment`, {}));
    expect(first).toMatchObject({ amountCents: 40_000 });
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    await t.pay(first.clientSecret);
    const verified = await t.post('/api/payments/verify', {
      paymentIntentId: first.paymentIntentId,
      clientSecret: first.clientSecret,
    });
    expect(await verified.json()).toMatchObject({ status: 'succeeded', orderId: `ORD-${enrollmentId}` });
    const types = (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);
    expect(types.filter((x) => x === 'BalancePaid')).toHaveLength(1);
    expect(await booking(enrollmentId)).toMatchObject({ balanceCents: 0, paidCents: 50_000 });
    const paidAgain = await t.post(`/api/bookings/${token}/balance-payment`, {});
    expect(paidAgain.status).toBe(409);
    const dashboard = await json<Dashboard>(t.admin('GET', '/api/admin/dashboard'));
    expect(dashboard.revenue).toBe(500);
    expect((await t.post(`/api/bookings/${token}/balance-payment`, { amount: 1 })).status).toBe(400);
    expect(
      (await t.post('/api/bookings/nope.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/balance-payment', {})).status,
    ).toBe(404);
  });

  it('given a deposit booking of two ($100 paid of $500), when one child’s place is cancelled, then nothing goes back: the deposit stays on the booking, which owes $150 of its $250, and the balance payment asks that', async () => {
    await campApp();
    const { enrollmentId } = await depositBooking();
    const token = tokenOf(enrollmentId);
    const before = await booking(enrollmentId);
    expect(before.cancelOne).toMatchObject({ remainingCents: 25_000, terms: { refundCents: 0 } });
    const cancelled = await t.post(`/api/bookings/${token}/cancel`, { participant: 1 });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await t.settle();
    const types = (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);
    expect(types).toContain('ParticipantCancelled');
    expect(types).not.toContain('RefundRequested');
    const view = await booking(enrollmentId);
    expect(view).toMatchObject({ paidCents: 10_000, balanceCents: 15_000, amountNowCents: 25_000 });
    const intent = await json<BalancePaymentResponse>(t.post(`/api/bookings/${token}/balance-payment`, {}));
    expect(intent.amountCents).toBe(15_000);
    expect(view.balanceCents).toBe(intent.amountCents);
    const rows = await json<AdminEnrollmentRecord[]>(t.admin('GET', '/api/admin/enrollments?status=balance-due'));
    expect(rows.find((r) => r.id === enrollmentId)?.balanceCents).toBe(intent.amountCents);
  });

  it('given a deposit booking, then the reminders go a week before and on the due date, each once; none once paid', async () => {
    await campApp();
    const { enrollmentId } = await depositBooking();
    const other = await depositBooking();
    const timer = tickerOf(balanceReminderTimer(t.deps), t.deps, 'test');
    const reminders = () => t.mailer.sent.filter((m) => m.messageId.startsWith('<balance-'));
    now = new Date(Date.parse(DUE) - 8 * 86_400_000);
    await timer.tick();
    expect(reminders()).toHaveLength(0);
    // Paid before the reminders: the second booking gets none.
    const paid = await json<BalancePaymentResponse>(
      t.post(`/api/bookings/${tokenOf(other.enrollmentId)}/balance-payment`, {}),
    );
    await t.pay(paid.clientSecret);
    now = new Date(Date.parse(DUE) - 6 * 86_400_000);
    await timer.tick();
    await t.settle();
    await timer.tick();
    expect(reminders().map((m) => m.subject)).toEqual(['Balance of $400.00 due Saturday, September 13: Workshop camp']);
    now = new Date(Date.parse(DUE) - 3_600_000);
    await timer.tick();
    await t.settle();
    await timer.tick();
    expect(reminders().map((m) => m.subject)).toHaveLength(2);
    expect(reminders()[1]!.subject).toBe('Your balance of $400.00 is due today: Workshop camp');
    expect(reminders()[1]!.text).toContain(tokenOf(enrollmentId));
    await timer.stop();
  });

  it('given a balance past its due date, then the dashboard lists it', async () => {
    await campApp();
    const { enrollmentId } = await depositBooking();
    now = new Date(Date.parse(DUE) + 3_600_000);
    const dashboard = await json<Dashboard>(t.admin('GET', '/api/admin/dashboard'));
    expect(dashboard.pastDueBalances).toEqual([
      expect.objectContaining({ enrollmentId, balanceCents: 40_000, dueAt: DUE, title: 'Workshop camp' }),
    ]);
  });

  it('given the deposit and the balance paid, when cancelled in time, then both card payments are refunded', async () => {
    await campApp();
    const { enrollmentId } = await depositBooking();
    const paid = await json<BalancePaymentResponse>(
      t.post(`/api/bookings/${tokenOf(enrollmentId)}/balance-payment`, {}),
    );
    await t.pay(paid.clientSecret);
    const cancelled = await json<BookingView>(t.post(`/api/bookings/${tokenOf(enrollmentId)}/cancel`, {}));
    expect(cancelled.status).toBe('cancelled');
    const refunds = (await t.eventStore.readStream(enrollmentStream(enrollmentId))).filter(
      (e) => e.type === 'RefundRequested',
    );
    expect(refunds.map((e) => (e.data as { amountCents: number }).amountCents)).toEqual([40_000, 10_000]);
  });

  it('given a gift card that covers the deposit, then nothing is due now: confirmed without the card, the balance later', async () => {
    await campApp();
    const { code } = await t.buyGiftCard(12_000);
    const enrolled = await json<EnrollmentResponse>(
      t.post(
        '/api/enroll/workshop/camp',
        { ...baseForm({ participants: 2, email: nextParentEmail() }), totalPrice: 500, giftCardCode: code },
        asNewVisitor(),
      ),
    );
    expect(enrolled).toMatchObject({
      orderId: `ORD-${enrolled.enrollmentId}`,
      pricing: { paidByGiftCardCents: 12_000, dueNowCents: 0, balanceCents: 38_000 },
    });
    await t.settle();
    expect(await booking(enrolled.enrollmentId)).toMatchObject({ status: 'completed', balanceCents: 38_000 });
  });

  it('given a deposit booking, when moved to a dearer-free date without a deposit, then the balance follows the new price', async () => {
    await campApp();
    await t.scheduleWorkshop({ id: 'camp2', price: 200, capacity: 20 });
    const { enrollmentId } = await depositBooking();
    const r = await t.admin('POST', `/api/admin/enrollments/${enrollmentId}/transfer`, { workshopId: 'camp2' });
    expect(r.status, await r.clone().text()).toBe(200);
    await t.settle();
    const view = await booking(enrollmentId);
    expect(view).toMatchObject({ amountCents: 40_000, balanceCents: 30_000 });
    expect(view.pricing.lines[0]).toMatchObject({ kind: 'seats', amountCents: 40_000 });
  });
});
