import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text.js';
import { SCREENSHOTS, expectNoSeriousA11yViolations, outboxMessage, screenshot } from './fixtures.js';

/** The PDFs and their pages as PNG, to be looked at (SCREENSHOTS=1; not committed). */
const PAGES = resolve('screenshots/receipt-pdf');

/**
 * Two children of one family in workshop 7 (a children's tea party, $80 each; no other spec books it, so
 * the seats the other specs take in workshop 8 cannot fill it), paid with the test card; answers the order id.
 */
async function paidFamily(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/enroll/workshop/7', {
    data: {
      firstName: 'Eleanor',
      lastName: 'Marchetti',
      email: 'eleanor.marchetti@example.com',
      phone: '(972) 555-0100',
      participants: 2,
      participantDetails: [
        { name: 'Lily Marchetti', age: 8, grade: '3rd', school: 'Hedgcoxe Elementary', photographyConsent: true },
        { name: 'Theo Marchetti', age: 10, grade: '5th', school: 'Rice Middle School', photographyOptOut: true },
      ],
      emergencyContact1Name: 'Ruth Porter',
      emergencyContact1Phone: '9725550102',
      emergencyContact1Relationship: 'Grandmother',
      emergencyContact2Name: 'Sam Lee',
      emergencyContact2Phone: '9725550103',
      emergencyContact2Relationship: 'Neighbor',
      agreeToCodeOfConduct: true,
      agreeToTerms: true,
      totalPrice: 160,
    },
  });
  expect(res.status()).toBe(201);
  const { enrollmentId } = (await res.json()) as { enrollmentId: string };
  const intent = await request.post('/api/create-payment-intent', { data: { enrollmentId, amount: 160 } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post('/api/offline-payments/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  return `ORD-${enrollmentId}`;
}

/** Presses the PDF link and answers the text a PDF reader extracts; with SCREENSHOTS=1 keeps the file and its pages as PNG. */
async function downloadPdf(page: Page, name: string, orderId: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF Receipt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`GreatLakesEtiquette-Receipt-${orderId}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  if (SCREENSHOTS) {
    mkdirSync(PAGES, { recursive: true });
    const file = join(PAGES, `${name}.pdf`);
    await download.saveAs(file);
    execFileSync('pdftoppm', ['-png', '-r', '80', file, join(PAGES, name)]);
  }
  const { text, pages } = await pdfText(bytes);
  expect(pages).toBe(1);
  return text;
}

test('a parent on a phone downloads the PDF receipt from the confirmation page and from the booking page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const orderId = await paidFamily(request);

  // The confirmation page, opened by order number: the receipt has the school, the order and the
  // money, and the count of participants with where their names are (the order number is no secret).
  await page.goto(`/order-confirmation?orderId=${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!', { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'order confirmation with the PDF receipt');
  await screenshot(page, 'receipt-pdf-confirmation');
  const fromConfirmation = await downloadPdf(page, 'confirmation', orderId);
  for (const expected of [
    'Great Lakes School of Etiquette',
    '(972) 555-0142',
    `Order number ${orderId}`,
    'PARTICIPANTS (2)',
    'Tea Party (Boys & Girls) 2 $80.00 $160.00',
    'Total $160.00',
    'Amount paid $160.00 by Credit Card',
    'Paid in full',
  ])
    expect(fromConfirmation).toContain(expected);
  expect(fromConfirmation).not.toContain('Marchetti');

  // The confirmation e-mail carries the same receipt as a PDF, and its booking link opens the page
  // whose receipt names each child.
  const mail = await outboxMessage(orderId, (text) => text.includes('Manage your booking'));
  expect(mail).toMatch(
    new RegExp(`Content-Type: application/pdf;\\s+name=GreatLakesEtiquette-Receipt-${orderId}\\.pdf`),
  );
  const link = /https?:\/\/[^\s"<>]+\/booking\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/.exec(mail)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Booking');
  await expectNoSeriousA11yViolations(page, 'booking page with the PDF receipt');
  await screenshot(page, 'receipt-pdf-booking');
  const fromBooking = await downloadPdf(page, 'booking', orderId);
  for (const expected of [
    `Order number ${orderId}`,
    'Billed to Eleanor Marchetti',
    '1. Lily Marchetti, age 8',
    '2. Theo Marchetti, age 10',
    'Paid in full',
  ])
    expect(fromBooking).toContain(expected);
});
