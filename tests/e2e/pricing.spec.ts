import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  E2E_ADMIN_KEY,
  SCREENSHOT_WIDTHS,
  allIslandsLive,
  SCREENSHOTS,
  expectNoSeriousA11yViolations,
  htmlPart,
  outboxMessage,
  screenshot,
} from './fixtures.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * Family pricing in the browser, at a phone's width: a gift card bought, e-mailed and spent on
 * half a tea party; two children enrolled with a code and the sibling discount, every line on the
 * receipt; a deposit paid, then the balance from the booking page. On a server of its own
 * (playwright.config.ts): the sibling discount is school-wide and would change other specs' totals.
 */
test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PRICING_PORT}`, viewport: { width: 390, height: 844 } });

const OUTBOX = resolve(`.tmp/e2e-data-${process.env.E2E_RUN_ID}-pricing/outbox`);
const admin = { 'Admin-Key': E2E_ADMIN_KEY };

/** Axe finds nothing serious on what the page shows now; screenshots at both widths when asked for (SCREENSHOTS=1). */
async function look(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page, name);
  await screenshot(page, `pricing-${name}`, { widths: SCREENSHOT_WIDTHS });
}

async function payWithTestCard(page: Page, amount: string) {
  await expect(page.getByText('Initializing payment...')).toHaveCount(0, { timeout: 10_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/** The stricter form for `children`, the parent's contact, the family's emergency contacts and the agreements. */
async function fillFamily(page: Page, children: string[]) {
  const contact = page.getByRole('group', { name: 'Contact Details' });
  await contact.getByLabel('First name').fill('Eleanor');
  await contact.getByLabel('Last name').fill('Whitfield');
  await contact.getByLabel('Email').fill('eleanor@example.com');
  await contact.getByLabel('Phone').fill('(972) 555-0100');
  if (children.length > 1) {
    const count = page.getByLabel('Number of participants');
    await count.fill(String(children.length));
    await count.press('Tab');
  }
  for (const [i, name] of children.entries()) {
    const child = page.getByRole('group', { name: `Participant ${i + 1}`, exact: true });
    await child.getByLabel('Student name').fill(name);
    await child.getByRole('textbox', { name: 'Age', exact: true }).fill(String(7 + i));
    await child.getByLabel('Grade').fill(`${2 + i}nd`);
    await child.getByRole('textbox', { name: 'School', exact: true }).fill('Hedgcoxe Elementary');
  }
  for (const [n, name] of [
    [1, 'James Whitfield'],
    [2, 'Ruth Porter'],
  ] as const) {
    const group = page.getByRole('group', { name: `Emergency Contact ${n}` });
    await group.getByLabel('Name').fill(name);
    await group.getByLabel('Phone').fill(`972555010${n}`);
    await group.getByLabel('Relationship to the participants').fill('Family');
  }
  await page.getByText('I have read and agree to the').click();
  await page.getByText('I agree to the terms and conditions of enrollment').click();
}

/** The raw .eml of the first message of the pricing server's outbox starting with `prefix` and holding `text`. */
async function rawMessage(prefix: string, text: string): Promise<string> {
  await outboxMessage(prefix, (t) => t.includes(text), OUTBOX);
  for (const file of await readdir(OUTBOX)) {
    if (!file.startsWith(prefix)) continue;
    const eml = await readFile(join(OUTBOX, file), 'utf8');
    if (eml.includes(text)) return eml;
  }
  throw new Error(`no ${prefix} message with ${text}`);
}

async function openEmail(page: Page, eml: string, name: string) {
  const mail = await page.context().newPage();
  if (SCREENSHOTS) mkdirSync('screenshots/emails', { recursive: true });
  for (const width of SCREENSHOT_WIDTHS) {
    await mail.setViewportSize({ width, height: 900 });
    await mail.setContent(htmlPart(eml)!);
    expect(await mail.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SCREENSHOTS) await mail.screenshot({ path: `screenshots/emails/${name}-${width}.png`, fullPage: true });
  }
  return mail;
}

async function asAdmin(request: APIRequestContext, path: string, data: unknown, method: 'POST' | 'PUT' = 'POST') {
  const res = await request.fetch(path, { method, headers: admin, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res;
}

test.describe('family pricing', () => {
  // One after another: the second sets the school's sibling discount, which would change the others' totals.
  test.describe.configure({ mode: 'default' });
  test('a gift card bought, e-mailed and spent on half a tea party, the rest by card', async ({ page }) => {
    test.slow();
    await page.goto('/gift-cards');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Give the Gift of Good Manners');
    await look(page, 'gift-cards');
    await page.getByRole('radio', { name: 'Other' }).check({ force: true });
    await page.getByLabel('Other amount').fill('40');
    await page.getByLabel("Recipient's name").fill('Grace Hopper');
    await page.getByLabel("Recipient's email").fill('grace@example.com');
    await page.getByLabel('Your message').fill('Happy birthday, Grace!\nEnjoy the tea party.');
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Your email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Continue to payment: $40' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await payWithTestCard(page, '$40.00');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'gift card is paid' })).toContainText('Grace Hopper');
    await look(page, 'gift-cards-paid');

    // The recipient's e-mail, with the code and the card to print.
    const eml = await rawMessage('gift-card-', 'To: grace@example.com');
    const mail = await openEmail(page, eml, 'gift-card');
    await expect(mail.getByRole('heading', { level: 1, name: 'A gift card for you' })).toBeVisible();
    const code = (await mail
      .getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
      .first()
      .textContent())!.trim();
    await expect(mail.getByText('Happy birthday, Grace!')).toBeVisible();
    const printUrl = await mail.getByRole('link', { name: 'Print your card' }).getAttribute('href');
    await mail.goto(printUrl!.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${process.env.E2E_PRICING_PORT}`));
    await expect(mail.getByText(code)).toBeVisible();
    await expectNoSeriousA11yViolations(mail, 'printable card');
    await screenshot(mail, 'pricing-gift-card-print', { widths: SCREENSHOT_WIDTHS });
    await mail.close();

    // Half the $80 tea party with the card, half by the test card.
    await page.goto('/enroll/7');
    await fillFamily(page, ['Lily Whitfield']);
    await page.getByLabel('Gift card').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).last().click();
    const summary = page.getByRole('complementary');
    await expect(summary).toContainText(`Gift card ending ${code.slice(-4)}−$40.00`);
    await expect(summary).toContainText('Due now$40.00');
    await look(page, 'enroll-gift-card');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/7\?/);
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Due now$40.00');
    await look(page, 'checkout-gift-card');
    await payWithTestCard(page, '$40.00');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
    const details = page.getByRole('region', { name: 'Order Details' });
    await expect(details).toContainText('Total$80.00');
    await expect(details).toContainText(`Gift card ending ${code.slice(-4)}−$40.00`);
    await look(page, 'confirmation-gift-card');
    expect((await (await page.request.get(`/api/gift-cards/${code}`)).json()) as object).toEqual({
      balanceCents: 0,
      currency: 'usd',
    });
  });

  test('two children with a code and the sibling discount: every line on the receipt', async ({ page, request }) => {
    test.slow();
    await asAdmin(request, '/api/admin/settings', { siblingDiscountPercent: 10 }, 'PUT');
    await asAdmin(request, '/api/admin/discount-codes', { code: 'FAMILY10', percentOff: 10 });
    await page.goto('/enroll/4');
    await fillFamily(page, ['Lily Whitfield', 'Theo Whitfield']);
    await page.getByLabel('Discount code').fill('family10');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    const summary = page.getByRole('complementary');
    // $75 x 2 = $150; sibling 10 % of $75 = $7.50; code 10 % of $142.50 = $14.25; total $128.25.
    await expect(summary).toContainText('Sibling discount: 10% off 1 participant−$7.50');
    await expect(summary).toContainText('Code FAMILY10: 10% off−$14.25');
    await expect(summary).toContainText('Total$128.25');
    await look(page, 'enroll-code-sibling');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithTestCard(page, '$128.25');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
    const orderId = new URL(page.url()).searchParams.get('orderId')!;

    // The receipt, as its PDF prints it: every line, in the rule's order.
    const pdf = await page.request.get(`/api/orders/${orderId}/receipt.pdf`);
    const { text } = await pdfText(new Uint8Array(await pdf.body()));
    const order = [
      'Subtotal $150.00',
      'Sibling discount: 10% off 1 participant -$7.50',
      'Code FAMILY10: 10% off -$14.25',
      'Total $128.25',
    ];
    const at = order.map((line) => text.indexOf(line));
    expect(
      at.every((i) => i >= 0),
      text,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The text receipt says the same.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    const receipt = await readFile((await (await downloading).path())!, 'utf8');
    expect(receipt).toMatch(/Sibling discount: 10% off 1 participant:\s+-\$7\.50/);
    expect(receipt).toMatch(/Code FAMILY10: 10% off:\s+-\$14\.25/);
    await look(page, 'confirmation-code-sibling');

    // The office's Pricing tab: the sibling discount, the codes with their uses, the gift cards.
    await page.addInitScript((key) => window.localStorage.setItem('adminKey', key), E2E_ADMIN_KEY);
    await page.goto('/admin?tab=pricing');
    await expect(page.getByLabel('Sibling discount (%)')).toHaveValue('10');
    await expect(page.getByRole('row', { name: /FAMILY10/ })).toContainText('10% off');
    await look(page, 'admin-pricing');
    await asAdmin(request, '/api/admin/settings', { siblingDiscountPercent: 0 }, 'PUT');
  });

  test('a deposit paid, then the balance from the booking page', async ({ page, request }) => {
    test.slow();
    const starts = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const created = await asAdmin(request, '/api/admin/workshops', {
      title: 'Summer Manners Camp',
      description: 'Four mornings of manners, with a deposit to book.',
      category: 'summer',
      date: `${starts}T09:00`,
      endTime: '12:00',
      location: 'Plano, TX',
      price: 250,
      capacity: 12,
      depositCents: 5_000,
    });
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/enroll/${id}`);
    await fillFamily(page, ['Lily Whitfield']);
    const summary = page.getByRole('complementary');
    await expect(summary).toContainText('Due now$50.00');
    await expect(summary).toContainText(/Balance due by .+\$200\.00/);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithTestCard(page, '$50.00');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
    await expect(page.getByText('Your deposit is paid.')).toBeVisible();

    // The booking page, from the confirmation e-mail's link: the balance and "Pay the balance".
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const confirmation = await outboxMessage('ORD-', (t) => t.includes(orderId), OUTBOX);
    expect(confirmation).toContain('A balance of $200.00 is due by');
    const link = /\/booking\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(confirmation)![1]!;
    await page.goto(`/booking/${link}`);
    const balance = page.getByRole('region', { name: 'Balance due' });
    await expect(balance).toContainText('$200.00');
    await look(page, 'booking-balance');
    await balance.getByRole('button', { name: 'Pay the balance' }).click();
    await payWithTestCard(page, '$200.00');
    await expect(page.getByRole('status').filter({ hasText: 'your balance is paid' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Balance due' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Order' })).toContainText('Total$250.00');
    await look(page, 'booking-paid');
  });

  test('a camp paid in 3: the schedule before paying, at the checkout and on the booking page', async ({
    page,
    request,
  }) => {
    // Two axe runs on a shared machine.
    test.slow();
    const starts = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
    const created = await asAdmin(request, '/api/admin/workshops', {
      title: 'Summer Manners Camp in Three',
      description: 'Four mornings of manners, paid over time.',
      category: 'summer',
      date: `${starts}T09:00`,
      endTime: '12:00',
      location: 'Plano, TX',
      price: 300,
      capacity: 12,
      paymentPlan: { installments: 3, lastDueDaysBefore: 7 },
    });
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/enroll/${id}`);
    await fillFamily(page, ['Lily Whitfield']);
    const summary = page.getByRole('complementary');
    await summary.getByText(/^Pay in 3: \$100\.00 today, \$100\.00 on /).click();
    await expect(summary).toContainText('Today$100.00');
    await look(page, 'plan-choice');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Paying in 3');
    // The checkout's page is axe-checked by the other tests; this one only adds the schedule's lines.
    await screenshot(page, 'pricing-plan-checkout', { widths: SCREENSHOT_WIDTHS });
    await payWithTestCard(page, '$100.00');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');

    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const confirmation = await outboxMessage('ORD-', (t) => t.includes(orderId), OUTBOX);
    const link = /\/booking\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(confirmation)![1]!;
    await page.goto(`/booking/${link}`);
    const plan = page.getByRole('region', { name: 'Payment plan' });
    await expect(plan).toContainText('Your saved card is charged for each instalment on its date.');
    await expect(plan.getByText('Paid', { exact: true })).toHaveCount(1);
    await expect(plan.getByText('Due', { exact: true })).toHaveCount(2);
    await look(page, 'plan-booking');
  });

  test('a family credit: on the family page, used at the next checkout unless the parent keeps it for later', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    // Signed in (the link from the outbox), then a $130 class booked by hand and paid by card.
    const email = `credit.${Date.now()}@example.com`;
    const same = { origin: baseURL! };
    expect((await page.request.post('/api/account/sign-in', { headers: same, data: { email } })).status()).toBe(202);
    const link = await outboxMessage('sign-in-', (t) => t.includes(`To: ${email}`), OUTBOX);
    const token = /\/account\/sign-in\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43})/.exec(link)![1];
    expect((await page.request.post('/api/account/sign-in/verify', { headers: same, data: { token } })).status()).toBe(
      200,
    );
    const fillContact = async () => {
      const contact = page.getByRole('group', { name: 'Contact Details' });
      await contact.getByLabel('First name').fill('Eleanor');
      await contact.getByLabel('Last name').fill('Whitfield');
      await contact.getByLabel('Email').fill(email);
      await contact.getByLabel('Phone').fill('(972) 555-0100');
      await page.getByText('I agree to the terms and conditions of enrollment').click();
    };
    await page.goto('/enroll/9');
    await fillContact();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/9\?/);
    const enrollmentId = new URL(page.url()).searchParams.get('enrollmentId')!;
    await payWithTestCard(page, '$130.00');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');

    // The office cancels it, the refund kept as the family's credit.
    await asAdmin(page.request, `/api/admin/enrollments/${enrollmentId}/cancel`, {
      refund: 'full',
      refundTo: 'credit',
    });
    await expect
      .poll(
        async () => ((await (await page.request.get('/api/account')).json()) as { creditCents: number }).creditCents,
      )
      .toBe(13_000);
    await page.goto('/account');
    await expect(page.getByText(/Family credit: \$130\.00, used first at your next checkout/)).toBeVisible();
    // The cancelled booking says where its money went, not only "Refunded".
    await expect(page.getByRole('region', { name: 'Bookings' })).toContainText(
      'Refunded · $130.00 went to your family credit',
    );
    await look(page, 'family-credit');

    // The next booking: the credit pays it, unless the parent keeps it for later.
    await page.goto('/enroll/9');
    // The form asks who is signed in once it is live.
    await allIslandsLive(page);
    const useCredit = page.getByRole('checkbox', { name: 'Use our family credit ($130.00)' });
    await expect(useCredit).toBeChecked();
    const summary = page.getByRole('complementary');
    await expect(summary).toContainText('Family credit−$130.00');
    await expect(summary).toContainText('Due now$0.00');
    await look(page, 'enroll-family-credit');
    await page.getByText('Use our family credit ($130.00)').click();
    await expect(useCredit).not.toBeChecked();
    await expect(summary).not.toContainText('Family credit');
    await expect(summary).not.toContainText('Due now');
    await expect(summary).toContainText('Total$130.00');
    await fillContact();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/9\?/);
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('$130.00');
    // Kept for later: still on the family page.
    expect(((await (await page.request.get('/api/account')).json()) as { creditCents: number }).creditCents).toBe(
      13_000,
    );
  });
});
