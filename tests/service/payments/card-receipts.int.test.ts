import { afterEach, describe, expect, it } from 'vitest';
import type { EnrollmentHistory } from '../../../contracts/admin/history.js';
import type { BalancePaymentResponse, BookingView } from '../../../contracts/booking/api.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { giftCardStream } from '../../../contracts/gift-cards/events.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { pdfText } from '../../support/pdf-text.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { campInThree, type CampInThree } from '../enrollment/installment-support.js';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from '../pricing/support.js';

/**
 * Issue 37 item 5 (record 152): the card that paid a gift card, a deposit booking's balance and
 * each instalment of a plan is recorded with that payment, and its receipt (text and PDF), the
 * booking page's lines and the office's history say "Visa ending 4242", not "Credit Card".
 */

const VISA = { brand: 'visa', last4: '4242' };

let t: PricingTestApp;
let camp: CampInThree;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const pdfOf = async (m: MailMessage) => {
  const pdf = m.attachments.find((a) => a.contentType === 'application/pdf')!;
  return (await pdfText(new Uint8Array(Buffer.from(pdf.content as string, 'base64')))).text;
};
const dataOf = async (stream: string, type: string) =>
  (await t.eventStore.readStream(stream)).filter((e) => e.type === type).map((e) => e.data as { card?: unknown });
const historyOf = async (enrollmentId: string) =>
  (await json<EnrollmentHistory>(t.admin('GET', `/api/admin/enrollments/${enrollmentId}/history`))).events;

describe('the card that paid a gift card, a balance or an instalment, named on its receipt', () => {
  it('given a $100 gift card paid with the test card 4242, then GiftCardPaid records it and the buyer’s receipt (text and PDF) says "Visa ending 4242"', async () => {
    t = await makePricingApp();
    const { giftCardId } = await t.buyGiftCard(10_000);

    expect(await dataOf(giftCardStream(giftCardId), 'GiftCardPaid')).toEqual([expect.objectContaining({ card: VISA })]);
    const receipt = t.mailer.sent.find((m) => m.to === 'ada@example.com' && /receipt/i.test(m.subject))!;
    expect(receipt.text).toContain('Visa ending 4242');
    expect(receipt.text).not.toContain('Credit Card');
    expect(receipt.html).toContain('Visa ending 4242');
    const pdf = await pdfOf(receipt);
    expect(pdf).toContain('Payment method Visa ending 4242');
    expect(pdf).toContain('Amount paid $100.00 by Visa ending 4242');
  });

  it('given a deposit booking, when the balance is paid with the test card 4242, then BalancePaid records it, and its receipt, the booking page’s lines and the history name it', async () => {
    t = await makePricingApp({ clock: () => new Date('2025-05-01T15:00:00Z') });
    await t.scheduleWorkshop({ id: 'camp', price: 250, capacity: 20, depositCents: 5_000 });
    const email = nextParentEmail();
    const { enrollmentId } = await json<EnrollmentResponse>(
      t.post('/api/enroll/workshop/camp', { ...baseForm({ participants: 2, email }), totalPrice: 500 }, asNewVisitor()),
    );
    const deposit = await json<{ clientSecret: string }>(
      t.post('/api/create-payment-intent', { enrollmentId, amount: 100 }),
    );
    await t.pay(deposit.clientSecret);
    const before = t.mailer.sent.length;
    const token = bookingLinksFor(t.deps.config)!.token(enrollmentId);
    await t.pay(
      (await json<BalancePaymentResponse>(t.post(`/api/bookings/${token}/balance-payment`, {}))).clientSecret,
    );

    expect(await dataOf(enrollmentStream(enrollmentId), 'BalancePaid')).toEqual([
      expect.objectContaining({ card: VISA }),
    ]);
    const receipt = t.mailer.sent.slice(before).find((m) => m.to === email && /receipt/i.test(m.subject))!;
    expect(receipt.text).toContain('Visa ending 4242');
    expect(receipt.text).not.toContain('Credit Card');
    const pdf = await pdfOf(receipt);
    expect(pdf).toContain('Payment method Visa ending 4242');
    expect(pdf).toContain('Amount paid $500.00 by Visa ending 4242');

    const view = await json<BookingView>(t.get(`/api/bookings/${token}`));
    expect(view.payments.map((p) => [p.amountCents, p.method])).toEqual([
      [10_000, 'Visa ending 4242'],
      [40_000, 'Visa ending 4242'],
    ]);
    expect((await historyOf(enrollmentId)).find((e) => e.type === 'BalancePaid')?.summary).toMatch(
      /^Balance of \$400\.00 paid by Visa ending 4242 \(/,
    );
  });

  it('given a plan in 3, when instalment 2 is charged to the saved card, then the charge’s answer records the card, and its receipt, lines and history name it', async () => {
    camp = await campInThree();
    t = camp.t;
    const enrollmentId = await camp.book();
    expect(await camp.passAt('2025-06-01T15:00:00Z')).toMatchObject({ paid: 1 });

    expect(await dataOf(installmentPlanStream(enrollmentId), 'InstallmentPaid')).toEqual([
      expect.objectContaining({ n: 2, card: VISA }),
    ]);
    expect(await dataOf(enrollmentStream(enrollmentId), 'InstallmentPaymentRecorded')).toEqual([
      expect.objectContaining({ n: 2, card: VISA }),
    ]);
    const receipt = t.mailer.sent.find((m) => m.messageId.startsWith('<receipt-installment-'))!;
    expect(receipt.text).toContain('Visa ending 4242');
    expect(receipt.text).not.toContain('Credit Card');
    expect(await pdfOf(receipt)).toContain('Amount paid $200.00 by Visa ending 4242');
    expect((await camp.booking(enrollmentId)).payments.map((p) => p.method)).toEqual([
      'Visa ending 4242',
      'Visa ending 4242',
    ]);
    expect((await historyOf(enrollmentId)).find((e) => e.type === 'InstallmentPaymentRecorded')?.summary).toMatch(
      /^Instalment 2 of \$100\.00 paid by Visa ending 4242 \(/,
    );
  });

  it('given the saved card removed, when the parent pays instalment 2 from the booking page with the test card 4242, then it records the card and its receipt names it', async () => {
    camp = await campInThree();
    t = camp.t;
    const enrollmentId = await camp.book();
    const token = camp.token(enrollmentId);
    expect((await t.app.request(`/api/bookings/${token}/saved-card`, { method: 'DELETE' })).status).toBe(200);
    await t.settle();
    camp.setNow('2025-05-20T15:00:00Z');
    const form = await json<BalancePaymentResponse>(t.post(`/api/bookings/${token}/installments/2/payment`, {}));
    const before = t.mailer.sent.length;
    await t.pay(form.clientSecret);

    expect(await dataOf(installmentPlanStream(enrollmentId), 'InstallmentPaid')).toEqual([
      expect.objectContaining({ n: 2, paidBy: 'parent', card: VISA }),
    ]);
    expect(await dataOf(enrollmentStream(enrollmentId), 'InstallmentPaymentRecorded')).toEqual([
      expect.objectContaining({ n: 2, card: VISA }),
    ]);
    const receipt = t.mailer.sent.slice(before).find((m) => m.messageId.startsWith('<receipt-installment-'))!;
    expect(receipt.text).toContain('Visa ending 4242');
    expect(receipt.text).not.toContain('Credit Card');
  });
});
