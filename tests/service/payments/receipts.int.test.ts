import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from '../pricing/support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { pdfText } from '../../support/pdf-text.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { BalancePaymentResponse, BookingView } from '../../../contracts/booking/api.js';
import type { MailMessage } from '../../../service/mail/port.js';

/**
 * Issue 37 item 6: a receipt for every payment. The gift card's buyer and the payer of a deposit
 * booking's balance are each e-mailed a receipt (text and PDF): what was bought, the amount, when
 * and how it was paid; once, whatever is delivered again.
 */

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const receiptsTo = (email: string, since = 0): MailMessage[] =>
  t.mailer.sent.slice(since).filter((m) => m.to === email && /receipt/i.test(m.subject));
const pdfOf = async (m: MailMessage) => {
  const pdf = m.attachments.find((a) => a.contentType === 'application/pdf');
  expect(pdf, 'a PDF receipt attached').toBeDefined();
  return (await pdfText(new Uint8Array(Buffer.from(pdf!.content as string, 'base64')))).text;
};

describe('a receipt for every payment', () => {
  it('given a $100 gift card bought by Ada for Grace, when paid, then Ada is e-mailed a receipt (text and PDF): the card, $100.00, the day and the card paid with; once', async () => {
    t = await makePricingApp();
    await t.buyGiftCard(10_000);

    const [receipt, ...more] = receiptsTo('ada@example.com');
    expect(receipt, 'the buyer’s receipt').toBeDefined();
    expect(more).toHaveLength(0);
    expect(receipt!.text).toMatch(/^Dear Ada,/);
    expect(receipt!.text).toContain('Gift card');
    expect(receipt!.text).toContain('Grace Hopper');
    expect(receipt!.text).toContain('$100.00');
    expect(receipt!.text).toContain('Visa ending 4242');
    expect(receipt!.text).toMatch(/Paid:?\s+\w+ \d{1,2}, 20\d\d/);
    expect(receipt!.html).toContain('Dear Ada,');
    const pdf = await pdfOf(receipt!);
    expect(pdf).toContain('RECEIPT');
    expect(pdf).toContain('Gift card');
    expect(pdf).toContain('$100.00');
    expect(pdf).toContain('Paid in full');
    // The card itself still goes to its recipient.
    expect(t.mailer.sent.some((m) => m.to === 'grace@example.com')).toBe(true);

    const sent = t.mailer.sent.length;
    await t.replayReactors();
    expect(receiptsTo('ada@example.com', sent)).toHaveLength(0);
  });

  it('given a deposit booking, when the parent pays the $400 balance, then they are e-mailed a receipt (text and PDF) for the balance, the booking now paid in full; once', async () => {
    const now = new Date('2025-05-01T15:00:00Z');
    t = await makePricingApp({ clock: () => now });
    await t.scheduleWorkshop({ id: 'camp', price: 250, capacity: 20, depositCents: 5_000 });
    const email = nextParentEmail();
    const enrolled = await json<EnrollmentResponse>(
      t.post('/api/enroll/workshop/camp', { ...baseForm({ participants: 2, email }), totalPrice: 500 }, asNewVisitor()),
    );
    const deposit = await json<{ clientSecret: string }>(
      t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 100 }),
    );
    await t.pay(deposit.clientSecret);
    const before = t.mailer.sent.length;

    const token = bookingLinksFor(t.deps.config)!.token(enrolled.enrollmentId);
    const balance = await json<BalancePaymentResponse>(t.post(`/api/bookings/${token}/balance-payment`, {}));
    await t.pay(balance.clientSecret);

    const [receipt, ...more] = receiptsTo(email, before);
    expect(receipt, 'the balance’s receipt').toBeDefined();
    expect(more).toHaveLength(0);
    expect(receipt!.text).toMatch(/^Dear \S+,/);
    expect(receipt!.text).toContain('Balance');
    expect(receipt!.text).toContain('$400.00');
    expect(receipt!.text).toContain('Visa ending 4242');
    const pdf = await pdfOf(receipt!);
    expect(pdf).toContain('Paid in full');
    expect(pdf).toContain('$500.00');

    const sent = t.mailer.sent.length;
    await t.replayReactors();
    expect(receiptsTo(email, sent)).toHaveLength(0);

    // The booking page shows each payment: what, when, how.
    const view = await json<BookingView>(t.get(`/api/bookings/${token}`));
    expect(view.payments).toEqual([
      { amountCents: 10_000, paidAt: expect.any(String), method: 'Visa ending 4242' },
      { amountCents: 40_000, paidAt: expect.any(String), method: 'Visa ending 4242' },
    ]);
    // So does the office's record of it.
    const record = await json<{ payments?: unknown[] }>(
      t.admin('GET', `/api/admin/enrollments/${enrolled.enrollmentId}`),
    );
    expect(record.payments).toEqual(view.payments);
  });
});
