import { afterEach, describe, expect, it } from 'vitest';
import type { EnrollmentHistory } from '../../../contracts/admin/history.js';
import type { BookingView } from '../../../contracts/booking/api.js';
import type { Order } from '../../../contracts/enrollment/api.js';
import { pdfText } from '../../support/pdf-text.js';
import { ADMIN_KEY } from '../admin/support.js';
import { makeBookingApp, type BookingTestApp } from './support.js';

/**
 * Issue 37 item 5: the receipts name the card that paid ("Visa ending 4242"), not "Credit Card":
 * the confirmation e-mail, the PDF receipt, the booking page's answer, and the
 * administrator's record of the payment.
 */

let b: BookingTestApp;
afterEach(async () => b?.t.close());

describe('the card that paid, named on the receipts', () => {
  it('given a booking paid with the test card 4242, then its receipts and record say "Visa ending 4242"', async () => {
    b = await makeBookingApp();
    const bought = await b.buy('9', { total: 130 });
    const orderId = `ORD-${bought.enrollmentId}`;

    const confirmation = b.mailer.sent.find((m) => m.to === bought.email && m.text.includes(orderId))!;
    expect(confirmation.text).toMatch(/Visa ending 4242/);
    expect(confirmation.text).not.toMatch(/Credit Card/);
    expect(confirmation.html).toContain('Visa ending 4242');

    // The order confirmation page, opened by the order number alone, keeps the specification's
    // "Credit Card" and names no card; the booking page, opened by the signed link, does.
    const order = (await (await b.request('GET', `/api/orders/${orderId}`)).json()) as Order;
    expect(order.paymentMethod).toBe('Credit Card');
    expect(order).not.toHaveProperty('card');
    const booking = (await (await b.request('GET', `/api/bookings/${bought.token}`)).json()) as BookingView;
    expect(booking.card).toEqual({ brand: 'visa', last4: '4242' });

    const pdf = await b.request('GET', `/api/bookings/${bought.token}/receipt.pdf`);
    expect((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text).toContain('Payment method Visa ending 4242');

    const history = (await (
      await b.request('GET', `/api/admin/enrollments/${bought.enrollmentId}/history`, undefined, {
        'Admin-Key': ADMIN_KEY,
      })
    ).json()) as EnrollmentHistory;
    expect(history.events.find((e) => e.type === 'PaymentSucceeded')?.summary).toMatch(/Visa ending 4242/);
  });
});
