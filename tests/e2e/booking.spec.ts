import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OUTBOX, decodedParts, expectNoSeriousA11yViolations, screenshot, SCREENSHOT_WIDTHS } from './fixtures.js';

/** The "Manage your booking" address in the confirmation e-mail of `orderId`, once the mailer has written it. */
async function bookingLinkFromOutbox(orderId: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const files = await readdir(OUTBOX).catch(() => [] as string[]);
        const file = files.find((f) => f === `${orderId}.eml`);
        if (!file) return '';
        const text = decodedParts(await readFile(join(OUTBOX, file), 'utf8'));
        expect(text).toContain('Manage your booking');
        link = /https?:\/\/[^\s"<>]+\/booking\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

/** Ada Lowell (9) enrolled in the children's workshop (8, $150) and paid with the test card; answers the order number. */
async function paidChildEnrollment(request: APIRequestContext): Promise<string> {
  const enrolled = await request.post('/api/enroll/workshop/8', {
    data: {
      firstName: 'Harriet',
      lastName: 'Lowell',
      email: 'harriet.lowell@example.com',
      phone: '(972) 555-0177',
      participants: 1,
      participantDetails: [{ name: 'Ada Lowell', age: 9, grade: '4th', school: 'Brinker Elementary' }],
      emergencyContact1Name: 'Tom Lowell',
      emergencyContact1Phone: '9725550171',
      emergencyContact1Relationship: 'Parent',
      emergencyContact2Name: 'May Lowell',
      emergencyContact2Phone: '9725550172',
      emergencyContact2Relationship: 'Parent',
      agreeToCodeOfConduct: true,
      agreeToTerms: true,
      totalPrice: 150,
    },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const { enrollmentId } = (await enrolled.json()) as { enrollmentId: string };
  const intent = await request.post('/api/create-payment-intent', { data: { enrollmentId, amount: 150 } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post('/api/offline-payments/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  return `ORD-${enrollmentId}`;
}

/** Both widths of full-page screenshots (SCREENSHOTS=1). */
const shoot = (page: Page, name: string) => screenshot(page, name, { widths: SCREENSHOT_WIDTHS, height: 900 });

test('a parent pays, opens the booking link from the e-mail, adds an allergy, cancels with the refund said before, and sees the refund', async ({
  page,
  request,
}) => {
  // Four axe runs, two downloads and two reloads: longer than the suite's 45 s on a busy machine.
  test.slow();
  // One child enrolled in the children's workshop and paid with the offline test card, through the
  // API the form and the checkout call (the form itself is enrollment.spec.ts's).
  const orderId = await paidChildEnrollment(request);

  // The link in the e-mail opens the booking.
  const path = await bookingLinkFromOutbox(orderId);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Booking');
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  const participants = page.getByRole('region', { name: 'Participants' });
  await expect(participants).toContainText('Ada Lowell');
  await expect(participants).toContainText(/Dietary restrictions\s*None/);
  const cancelCard = page.getByRole('region', { name: 'Cancel your booking' });
  await expect(cancelCard).toContainText('for a full refund of $150.00');
  await expectNoSeriousA11yViolations(page, 'booking page');
  await shoot(page, 'booking');

  // The receipt and the calendar file come from the page.
  const receiptDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Receipt' }).click();
  const receipt = await readFile(await (await receiptDownload).path(), 'utf8');
  expect(receipt).toContain(orderId);
  expect(receipt).toContain('Ada Lowell');
  const icsDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to Calendar (.ics)' }).click();
  expect(await readFile(await (await icsDownload).path(), 'utf8')).toContain(`UID:${orderId}@`);

  // An allergy ticked but not described is refused on its field, then saved once described.
  await participants.getByRole('button', { name: 'Edit participant details' }).click();
  const editing = participants.getByRole('group', { name: 'Participant 1', exact: true });
  await editing.getByText('Has dietary restrictions or allergies').click();
  await participants.getByRole('button', { name: 'Save changes' }).click();
  const describe = editing.getByLabel('Please describe them');
  await expect(describe).toBeFocused();
  await expect(describe).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'booking page, editing with an error');
  await shoot(page, 'booking-editing');
  await describe.fill('Tree nuts (carries an EpiPen)');
  await participants.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your changes' })).toContainText('saved');
  await expect(participants).toContainText(/Dietary restrictions\s*Tree nuts \(carries an EpiPen\)/);
  await page.reload();
  await expect(participants).toContainText(/Dietary restrictions\s*Tree nuts \(carries an EpiPen\)/);

  // Cancelling says what comes back before the parent confirms.
  await cancelCard.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText('You will get a full refund of $150.00');
  await expectNoSeriousA11yViolations(page, 'cancel dialog');
  await shoot(page, 'booking-cancel-dialog');
  await dialog.getByRole('button', { name: 'Yes, cancel my booking' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toContainText('Your booking is cancelled');
  const order = page.getByRole('region', { name: 'Order' });
  await expect(order).toContainText(/Refund\s*\$150\.00 to the card used for payment, (issued|on its way)/);
  await page.reload();
  await expect(order).toContainText(/Refund\s*\$150\.00 to the card used for payment, issued/);
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit participant details' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'cancelled booking');
  await shoot(page, 'booking-cancelled');
});

test('a link that was tampered with opens no booking', async ({ page }) => {
  await page.goto(`/booking/not-a-real-enrollment.${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking Link Not Recognized');
  await expectNoSeriousA11yViolations(page, 'unknown booking link');
});

test('a parent whose link may have gone astray asks for a new one: the old link then says it was replaced, in words, and offers to send the current one; axe clean', async ({
  page,
  request,
}) => {
  const orderId = await paidChildEnrollment(request);
  const path = await bookingLinkFromOutbox(orderId);
  await page.goto(path);
  const yourLink = page.getByRole('region', { name: 'Your link to this page' });
  await yourLink.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(yourLink.getByRole('status')).toContainText(
    'e-mailed a new link to the address this booking was made with',
  );
  await expectNoSeriousA11yViolations(page, 'on the booking page after asking for a new link');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This Link Was Replaced');
  await expect(page.getByText('replaced by a newer one')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'on a replaced booking link');
  await shoot(page, 'booking-link-replaced');
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('status')).toContainText('e-mailed a new link');
});
