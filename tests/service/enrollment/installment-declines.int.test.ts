import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PricingTestApp } from '../pricing/support.js';
import { baseForm } from './support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { campInThree, type CampInThree } from './installment-support.js';
import { DECLINING_PAYMENT_METHOD, stripeAgainstStub } from '../payments/stripe-stub.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { BalancePaymentResponse, RemoveSavedCardResponse } from '../../../contracts/booking/api.js';
import { FaultyPayments } from '../../support/faults.js';
import type { AppDeps } from '../../../service/core/deps.js';
import type { PaymentsPort } from '../../../service/payments/port.js';

// Issue 43 item 2: a declined instalment. A $300 camp paid in 3 from May 1 ($100 at the checkout,
// then June 1 and July 1); on June 1 Stripe declines the saved card (its test card
// pm_card_chargeDeclined, through the adapter against the local stub). The parent is e-mailed once
// per decline with the booking page's link, pays that instalment there with another card, and the
// saved card is not tried again for it.

const suite = stripeAgainstStub('whsec_installment_declines_suite');

let camp: CampInThree;
let t: PricingTestApp;
afterEach(async () => {
  await camp?.t.close();
});

async function bookInThree(): Promise<string> {
  camp = await campInThree();
  t = camp.t;
  return camp.book();
}

/** The school's payments, but the saved card charged at Stripe, which declines it. */
function declinedAtStripe(): AppDeps {
  const payments: PaymentsPort = Object.create(t.offline) as PaymentsPort;
  payments.chargeSavedCard = (input) =>
    suite
      .stripe()
      .chargeSavedCard({ ...input, card: { customerId: 'cus_stub_x', paymentMethodId: DECLINING_PAYMENT_METHOD } });
  return { ...t.deps, payments };
}

const tokenOf = (enrollmentId: string) => camp.token(enrollmentId);
const booking = (enrollmentId: string) => camp.booking(enrollmentId);
const declineMails = () => t.mailer.sent.filter((m) => m.subject.startsWith('Your card was declined'));
const payLink = (enrollmentId: string, n: number) => `/api/bookings/${tokenOf(enrollmentId)}/installments/${n}/payment`;
const passAt = (iso: string, deps: AppDeps) => camp.passAt(iso, deps);

describe('a declined instalment (issue 43 item 2)', () => {
  it('given Stripe declines the saved card on June 1, then the parent is e-mailed once, with the link to pay it on the booking page, and the page shows it failed', async () => {
    const enrollmentId = await bookInThree();
    expect(await passAt('2025-06-01T15:00:00Z', declinedAtStripe())).toMatchObject({ declined: 1 });

    expect(declineMails().map((m) => m.subject)).toEqual(['Your card was declined: instalment 2 of 3, Workshop camp']);
    const [mail] = declineMails();
    expect(mail!.text).toContain('Your card was declined.');
    expect(mail!.text).toContain('We will try the saved card again on Wednesday, June 4, 2025.');
    expect(mail!.text).toContain(`/booking/${tokenOf(enrollmentId)}#installment-2`);
    expect((await booking(enrollmentId)).installments.map((i) => [i.n, i.status, i.amountCents])).toEqual([
      [1, 'paid', 10_000],
      [2, 'failed', 10_000],
      [3, 'due', 10_000],
    ]);

    // Delivered again (a reactor's replay after a crash): the notice is recorded, nothing is sent twice.
    await t.replayReactors();
    expect(declineMails()).toHaveLength(1);
    const notices = (await t.eventStore.readStream(installmentPlanStream(enrollmentId))).filter(
      (e) => e.type === 'InstallmentDeclineNoticeSent',
    );
    expect(notices.map((e) => e.data)).toEqual([
      expect.objectContaining({ n: 2, attempt: 1, messageId: mail!.messageId }),
    ]);
  });

  it('given the retries declined too, then each is told once, and the last says the card is not tried again', async () => {
    await bookInThree();
    const deps = declinedAtStripe();
    for (const day of ['2025-06-01', '2025-06-04', '2025-06-08'])
      expect(await passAt(`${day}T15:00:00Z`, deps)).toMatchObject({ declined: 1 });
    expect(await passAt('2025-06-20T15:00:00Z', deps)).toMatchObject({ declined: 0 });
    expect(declineMails()).toHaveLength(3);
    expect(declineMails()[1]!.text).toContain('again on Sunday, June 8, 2025');
    expect(declineMails()[2]!.text).toContain('We will not try the saved card again.');
  });

  it('given the decline, when the parent opens the link and pays instalment 2 with another card, then it is paid on the booking and the saved card is not tried for it again', async () => {
    const enrollmentId = await bookInThree();
    await passAt('2025-06-01T15:00:00Z', declinedAtStripe());
    camp.setNow('2025-06-02T15:00:00Z');

    const r = await t.post(payLink(enrollmentId, 2), {});
    expect(r.status, await r.clone().text()).toBe(200);
    const intent = (await r.json()) as BalancePaymentResponse;
    expect(intent.amountCents).toBe(10_000);
    // Asked again (a second press, a reload): the same form.
    expect(
      ((await (await t.post(payLink(enrollmentId, 2), {})).json()) as BalancePaymentResponse).paymentIntentId,
    ).toBe(intent.paymentIntentId);
    await t.pay(intent.clientSecret);

    const page = await booking(enrollmentId);
    expect(page.installments[1]).toMatchObject({ n: 2, status: 'paid', paidAt: '2025-06-02T15:00:00.000Z' });
    expect(page.balanceCents).toBe(10_000);
    const recorded = (await t.eventStore.readStream(enrollmentStream(enrollmentId))).filter(
      (e) => e.type === 'InstallmentPaymentRecorded',
    );
    expect(recorded.map((e) => e.data)).toEqual([
      expect.objectContaining({ n: 2, amountCents: 10_000, paymentIntentId: intent.paymentIntentId }),
    ]);
    // June 4, the retry's date: nothing is charged for it; July 1 charges instalment 3 as planned.
    expect(await passAt('2025-06-04T15:00:00Z', t.deps)).toEqual({ paid: 0, declined: 0, failures: 0 });
    expect(await passAt('2025-07-01T15:00:00Z', t.deps)).toMatchObject({ paid: 1 });
    expect((await booking(enrollmentId)).installments.map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
  });

  it('given the pay link, then an instalment not declined is 409, one the plan does not have 404, a bad number or body 400 naming it', async () => {
    const enrollmentId = await bookInThree();
    await passAt('2025-06-01T15:00:00Z', declinedAtStripe());

    const due = await t.post(payLink(enrollmentId, 3), {});
    expect(due.status).toBe(409);
    expect(await due.json()).toMatchObject({
      code: 'conflict',
      error: expect.stringMatching(/^Instalment 3 is charged to the saved card/),
    });
    const paid = await t.post(payLink(enrollmentId, 1), {});
    expect(paid.status).toBe(409);
    expect(await paid.json()).toMatchObject({ error: 'Instalment 1 is already paid.' });
    const none = await t.post(payLink(enrollmentId, 7), {});
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({
      code: 'not_found',
      error: 'This booking has no instalment 7: it is paid in 3.',
    });
    const zero = await t.post(payLink(enrollmentId, 0), {});
    expect(zero.status).toBe(400);
    expect(((await zero.json()) as { error: string }).error).toMatch(/\bn\b/);
    const extra = await t.post(payLink(enrollmentId, 2), { amount: 100 });
    expect(extra.status).toBe(400);
    const forged = await t.post(`/api/bookings/${tokenOf(enrollmentId).slice(0, -2)}xx/installments/2/payment`, {});
    expect(forged.status).toBe(404);
  });
});

describe('the parent removes the saved card (issue 43 item 2)', () => {
  const removeCard = (enrollmentId: string) =>
    t.app.request(`/api/bookings/${tokenOf(enrollmentId)}/saved-card`, { method: 'DELETE' });

  it('given a plan, when the parent removes the card, then it is detached, nothing more is charged, and the answer and page say how to pay each instalment left', async () => {
    const enrollmentId = await bookInThree();
    const detach = vi.spyOn(t.offline, 'detachCard');
    const r = await removeCard(enrollmentId);
    expect(r.status, await r.clone().text()).toBe(200);
    expect(((await r.json()) as RemoveSavedCardResponse).message).toBe(
      'Your card is removed: nothing more will be charged to it. Please pay each instalment left from this page by its date: $100.00 by Sunday, June 1, 2025; $100.00 by Tuesday, July 1, 2025.',
    );
    await t.settle();
    expect(detach).toHaveBeenCalledTimes(1);
    expect(detach.mock.calls[0]![0].paymentMethodId).toMatch(/^pm_offline_/);

    const page = await booking(enrollmentId);
    expect(page.savedCard).toBe(false);
    expect(page.installments.map((i) => i.status)).toEqual(['paid', 'due', 'due']);
    const payments = new FaultyPayments(t.offline);
    expect(await passAt('2025-06-01T15:00:00Z', { ...t.deps, payments })).toEqual({
      paid: 0,
      declined: 0,
      failures: 0,
    });
    expect(await passAt('2025-07-01T15:00:00Z', { ...t.deps, payments })).toEqual({
      paid: 0,
      declined: 0,
      failures: 0,
    });
    expect(payments.chargeCalls).toEqual([]);

    // The office cannot charge it either; the parent pays instalment 2 from the page.
    const office = await t.admin('POST', `/api/admin/enrollments/${enrollmentId}/installments/2/charge`, {});
    expect(office.status).toBe(409);
    expect(await office.json()).toMatchObject({
      code: 'conflict',
      error: expect.stringMatching(/removed the saved card/),
    });
    const form = await t.post(payLink(enrollmentId, 2), {});
    expect(form.status, await form.clone().text()).toBe(200);
    await t.pay(((await form.json()) as BalancePaymentResponse).clientSecret);
    expect((await booking(enrollmentId)).installments.map((i) => i.status)).toEqual(['paid', 'paid', 'due']);
  });

  it('given the card removed, when removed again, then the same answer and one record; a booking paid in full has no card to remove (404)', async () => {
    const enrollmentId = await bookInThree();
    expect((await removeCard(enrollmentId)).status).toBe(200);
    const again = await removeCard(enrollmentId);
    expect(again.status).toBe(200);
    expect(((await again.json()) as RemoveSavedCardResponse).message).toMatch(/^Your card is removed/);
    const removed = (await t.eventStore.readStream(installmentPlanStream(enrollmentId))).filter(
      (e) => e.type === 'InstallmentCardRemoved',
    );
    expect(removed).toHaveLength(1);

    const full = await t.post(
      '/api/enroll/workshop/camp',
      { ...baseForm({ email: nextParentEmail() }), totalPrice: 300 },
      asNewVisitor(),
    );
    const { enrollmentId: inFull } = (await full.json()) as EnrollmentResponse;
    const none = await removeCard(inFull);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({
      error: 'This booking has no saved card: each instalment left is paid from the booking page.',
      code: 'not_found',
    });
  });
});
