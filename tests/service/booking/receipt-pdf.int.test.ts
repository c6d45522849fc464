import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxMailer } from '../../../service/mail/outbox.js';
import { pdfText } from '../../support/pdf-text.js';
import { makeBookingApp, type BookingTestApp } from './support.js';
import { baseForm } from '../../support/enrollment-forms.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';

let app: BookingTestApp;
afterEach(async () => {
  await app?.t.close();
});

/** The PDF answered, with its headers, and its text as a PDF reader extracts it. */
async function fetchPdf(path: string) {
  const r = await app.request('GET', path);
  expect(r.status, path).toBe(200);
  const bytes = new Uint8Array(await r.arrayBuffer());
  // Kept beside the screenshots (not committed) so the pages can be looked at as images.
  if (process.env.RECEIPT_PDF_DIR) {
    mkdirSync(process.env.RECEIPT_PDF_DIR, { recursive: true });
    writeFileSync(join(process.env.RECEIPT_PDF_DIR, `${path.split('/')[3]!.slice(0, 12)}.pdf`), bytes);
  }
  return { r, bytes, ...(await pdfText(bytes)) };
}

/** The one e-mail a parent got, and its PDF attachment's text. */
async function emailedPdf(email: string) {
  const mails = app.mailer.sent.filter((m) => m.to === email);
  expect(mails).toHaveLength(1);
  const pdf = mails[0]!.attachments.find((a) => a.contentType === 'application/pdf');
  expect(pdf, 'the confirmation e-mail carries the PDF receipt').toBeDefined();
  return { mail: mails[0]!, attachment: pdf!, ...(await pdfText(Buffer.from(pdf!.content, 'base64'))) };
}

describe('GET /api/bookings/:token/receipt.pdf: the PDF receipt behind the booking link', () => {
  it('given two children booked and paid, when the parent downloads the receipt, then a one-page PDF names the school, the order, each child, the line and "Paid in full", sent as an attachment never cached and with no Referer', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, participants: 2, total: 300 });

    const { r, bytes, text, pages } = await fetchPdf(`/api/bookings/${bought.token}/receipt.pdf`);

    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="GreatLakesEtiquette-Receipt-ORD-${bought.enrollmentId}.pdf"`,
    );
    expect(r.headers.get('cache-control')).toMatch(/no-store/);
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pages).toBe(1);
    const order = (await (await app.request('GET', `/api/orders/ORD-${bought.enrollmentId}`)).json()) as {
      orderReference: string;
    };
    for (const expected of [
      'Great Lakes School of Etiquette',
      'Legacy Commons Shopping Centre, 5800 Legacy Drive, Suite 120, Plano, TX 75024',
      '(972) 555-0142',
      `Order number ORD-${bought.enrollmentId}`,
      `Order reference ${order.orderReference}`,
      // Confirmed on the test clock (May 1, 2025, 12:00 UTC), printed on the school's clock.
      'Order date May 1, 2025 at 7:00 AM',
      // The card that paid, as the test card 4242 is (issue 37 item 5).
      'Payment method Visa ending 4242',
      'Billed to Eleanor Whitfield',
      'Manners & Me Training',
      'PARTICIPANTS (2)',
      '1. Lily Whitfield, age 8',
      '2. Child 2 Whitfield, age 8',
      'Manners & Me Training 2 $150.00 $300.00',
      'Total $300.00',
      'Amount paid $300.00 by Credit Card',
      'Paid in full',
    ])
      expect(text).toContain(expected);
    expect(order.orderReference).toMatch(/^GL-\d{6}$/);
    expect(text).not.toContain('Refunded');
    // What the booking page keeps from a forwarded link stays off the receipt too.
    expect(text).not.toContain(bought.email);
    expect(text).not.toContain('Ruth Porter');
  });

  it('given a link forged, malformed or naming no booking, when the receipt is asked, then 404 with { error, code } and no PDF', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('6', { total: 150 });
    for (const token of [
      bought.token.slice(0, -2) + (bought.token.endsWith('AA') ? 'BB' : 'AA'),
      bought.token.split('.')[0]!,
      'not-a-booking-link',
    ]) {
      const r = await app.request('GET', `/api/bookings/${token}/receipt.pdf`);
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await r.json()).toEqual({ error: expect.stringMatching(/could not find a booking/), code: 'not_found' });
    }
  });

  it('given a booking cancelled in time with its full refund, when the receipt is downloaded, then it shows what was paid, the refund and "Refunded in full", not "Paid in full"', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('6', { participants: 2, total: 250 });
    expect((await app.request('POST', `/api/bookings/${bought.token}/cancel`, {})).status).toBe(200);
    await app.t.settle();

    const { text } = await fetchPdf(`/api/bookings/${bought.token}/receipt.pdf`);

    expect(text).toContain('Status Cancelled');
    // The couple's price is its own line under the two seats at the single price.
    expect(text).toContain('Etiquette After Dark - Dinner 2 $150.00 $300.00');
    expect(text).toContain('Group price: 2 for $250.00 -$50.00');
    expect(text).toContain('Total $250.00');
    expect(text).toContain('Amount paid $250.00 by Credit Card');
    expect(text).toContain('Refunded $250.00');
    expect(text).toContain('Net paid $0.00');
    expect(text).toContain('Refunded in full');
    expect(text).not.toContain('Paid in full');
  });

  it('given a free booking, when the receipt is downloaded, then it says the enrollment is free and nothing was paid', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('10', { total: 0 });

    const { text } = await fetchPdf(`/api/bookings/${bought.token}/receipt.pdf`);

    expect(text).toContain(`Order number FREE-${bought.enrollmentId}`);
    expect(text).toContain('Payment method Free Enrollment');
    expect(text).toContain('Total $0.00');
    expect(text).toContain('Amount paid $0.00 (free enrollment)');
    expect(text).toMatch(/^Free enrollment$/m);
    expect(text).not.toContain('Paid in full');
  });
});

describe('the confirmation e-mail carries the PDF receipt', () => {
  it('given a paid booking, when its confirmation e-mail is sent, then it carries the same receipt as application/pdf, once, also after its events are delivered again', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, participants: 2, total: 300 });

    const { mail, attachment, text } = await emailedPdf(bought.email);

    expect(attachment.filename).toBe(`GreatLakesEtiquette-Receipt-ORD-${bought.enrollmentId}.pdf`);
    expect(mail.attachments.map((a) => a.contentType)).toEqual([
      'text/plain; charset=utf-8',
      'application/pdf',
      'text/calendar; charset=utf-8; method=PUBLISH',
    ]);
    for (const expected of [
      'Great Lakes School of Etiquette',
      '(972) 555-0142',
      `Order number ORD-${bought.enrollmentId}`,
      '1. Lily Whitfield, age 8',
      '2. Child 2 Whitfield, age 8',
      'Total $300.00',
      'Paid in full',
    ])
      expect(text).toContain(expected);

    await app.t.replayReactors();
    expect(app.mailer.sent.filter((m) => m.to === bought.email)).toHaveLength(1);
    expect((await app.types(bought.enrollmentId)).filter((t) => t === 'ConfirmationEmailSent')).toHaveLength(1);
  });

  it('given the embedded outbox, when the confirmation is written, then the .eml holds the PDF as an application/pdf part whose bytes read back as the receipt', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('6', { total: 150 });
    const dir = mkdtempSync(join(tmpdir(), 'outbox-pdf-'));

    await new OutboxMailer(dir, 'Great Lakes Etiquette <hello@greatlakesetiquette.com>').send(
      app.mailer.sent.find((m) => m.to === bought.email)!,
    );

    // Long header lines are folded (CRLF + space); base64 lines never start with a space.
    const eml = readFileSync(join(dir, `ORD-${bought.enrollmentId}.eml`), 'utf8').replace(/\r\n[ \t]+/g, ' ');
    const part = new RegExp(
      `Content-Type: application/pdf; name=GreatLakesEtiquette-Receipt-ORD-${bought.enrollmentId}\\.pdf\\r\\n` +
        `Content-Transfer-Encoding: base64\\r\\n` +
        `Content-Disposition: attachment; filename=GreatLakesEtiquette-Receipt-ORD-${bought.enrollmentId}\\.pdf\\r\\n\\r\\n` +
        `([A-Za-z0-9+/=\\r\\n]+)\\r\\n--`,
    ).exec(eml);
    expect(part, 'an application/pdf part in base64').not.toBeNull();
    const { text } = await pdfText(Buffer.from(part![1]!.replace(/\r\n/g, ''), 'base64'));
    expect(text).toContain(`Order number ORD-${bought.enrollmentId}`);
    expect(text).toContain('Paid in full');
  });
});

describe('GET /api/orders/:orderId/receipt.pdf: the order confirmation page’s PDF', () => {
  it('given a paid order of two children, when the receipt is asked by order number, then it is the same receipt with the count and where the names are, naming no one, as the order read does not', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, participants: 2, total: 300 });

    const { r, text } = await fetchPdf(`/api/orders/ORD-${bought.enrollmentId}/receipt.pdf`);

    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="GreatLakesEtiquette-Receipt-ORD-${bought.enrollmentId}.pdf"`,
    );
    expect(r.headers.get('cache-control')).toMatch(/no-store/);
    expect(text).toContain(`Order number ORD-${bought.enrollmentId}`);
    expect(text).toContain('PARTICIPANTS (2)');
    expect(text).toMatch(/2 participants\. Their names are on the receipt attached to your confirmation e-mail/);
    expect(text).toContain('Paid in full');
    expect(text).not.toMatch(/Lily|Whitfield|Hedgcoxe|Billed to/);
  });

  it('given the tab that made a free booking of two, when the confirmation page posts its receipt token, then the PDF names both; a token of another booking gets 404 and no PDF', async () => {
    app = await makeBookingApp();
    const enroll = async (email: string, participantNames: string) => {
      const r = await app.request('POST', '/api/enroll/workshop/10', {
        ...baseForm({ participants: 2, participantNames, email }),
        totalPrice: 0,
      });
      expect(r.status).toBe(201);
      return (await r.json()) as EnrollmentResponse;
    };
    const mine = await enroll('grace@example.com', 'Grace Hopper, Ada Hopper');
    const other = await enroll('alan@example.com', 'Alan Turing, Joan Clarke');
    await app.t.settle();
    const path = `/api/orders/FREE-${mine.enrollmentId}/receipt.pdf`;

    const named = await app.request('POST', path, { receiptToken: mine.receiptToken });
    expect(named.status).toBe(200);
    expect(named.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfText(new Uint8Array(await named.arrayBuffer()));
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Ada Hopper');
    expect(text).not.toContain('Alan Turing');

    const wrong = await app.request('POST', path, { receiptToken: other.receiptToken });
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get('content-type')).toMatch(/json/);
    const { text: anonymous } = await fetchPdf(path);
    expect(anonymous).not.toContain('Grace Hopper');
  });

  it('given an order number nobody holds or one malformed, when its receipt is asked, then 404 or 400 with { error, code }', async () => {
    app = await makeBookingApp();
    const unknown = await app.request('GET', '/api/orders/ORD-nobody/receipt.pdf');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: expect.stringMatching(/could not find that order/),
      code: 'not_found',
    });
    const malformed = await app.request('GET', '/api/orders/GL-123456/receipt.pdf');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: expect.any(String), error: expect.stringMatching(/orderId/) });
  });
});
