import { readdir, readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  OUTBOX,
  announcerCleared,
  decodedParts,
  expectNoSeriousA11yViolations,
  settle,
  SCREENSHOT_WIDTHS,
} from './fixtures.js';

const SHOTS = resolve('.tmp/booking-screens');

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

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a parent pays, opens the booking link from the e-mail, adds an allergy, cancels with the refund said before, and sees the refund', async ({
  page,
}) => {
  // Four pages of screenshots at two widths and three axe runs: longer than the suite's 45 s.
  test.setTimeout(180_000);
  // Enroll one child in the children's workshop and pay with the offline test card.
  await page.goto('/enroll/8');
  const contact = page.getByRole('group', { name: 'Contact Details' });
  await contact.getByLabel('First name').fill('Harriet');
  await contact.getByLabel('Last name').fill('Lowell');
  await contact.getByLabel('Email').fill('harriet.lowell@example.com');
  await contact.getByLabel('Phone').fill('(972) 555-0177');
  const child = page.getByRole('group', { name: 'Participant 1', exact: true });
  await child.getByLabel('Student name').fill('Ada Lowell');
  await child.getByRole('textbox', { name: 'Age', exact: true }).fill('9');
  await child.getByLabel('Grade').fill('4th');
  await child.getByRole('textbox', { name: 'School', exact: true }).fill('Brinker Elementary');
  for (const [n, name] of [
    [1, 'Tom Lowell'],
    [2, 'May Lowell'],
  ] as const) {
    const group = page.getByRole('group', { name: `Emergency Contact ${n}` });
    await group.getByLabel('Name').fill(name);
    await group.getByLabel('Phone').fill(`972555017${n}`);
    await group.getByLabel('Relationship to the participants').fill('Parent');
  }
  await page.getByText('I have read and agree to the').click();
  await page.getByText('I agree to the terms and conditions of enrollment').click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Initializing payment...')).toHaveCount(0, { timeout: 10_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $150.00' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  expect(orderId).toMatch(/^ORD-/);

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
  await expect(order).toContainText(/Refund\s*\$150\.00, (issued|on its way)/);
  await page.reload();
  await expect(order).toContainText(/Refund\s*\$150\.00, issued/);
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit participant details' })).toHaveCount(0);
  await announcerCleared(page);
  await expectNoSeriousA11yViolations(page, 'cancelled booking');
  await shoot(page, 'booking-cancelled');
});

test('a link that was tampered with opens no booking', async ({ page }) => {
  await page.goto(`/booking/not-a-real-enrollment.${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking Link Not Recognised');
  await expectNoSeriousA11yViolations(page, 'unknown booking link');
});
