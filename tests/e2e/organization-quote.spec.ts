import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  E2E_ADMIN_KEY,
  OUTBOX,
  SCREENSHOT_WIDTHS,
  decodedParts,
  expectNoSeriousA11yViolations,
  screenshot,
} from './fixtures.js';

/**
 * Issue 39: an organization's contact opens the quote from the office's e-mail, accepts it with a
 * PO number, and lands on the invoice's page, which she pays by card. Screenshots at 390 and 1280
 * px (SCREENSHOTS=1).
 */

const admin = { 'admin-key': E2E_ADMIN_KEY };
const day = (inDays: number) => new Date(Date.now() + inDays * 86_400_000).toISOString().slice(0, 10);

/** The office registers the organization, drafts the quote (eight seats of Executive Edge, an on-site half day) and sends it. */
async function quoteSent(request: APIRequestContext, contactEmail: string): Promise<string> {
  const organization = await request.post('/api/admin/organizations', {
    headers: admin,
    data: {
      name: 'Acme Corp',
      contactName: 'Dana Reyes',
      contactEmail,
      billingAddress: { line1: '100 Commerce St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
      taxId: '12-3456789',
    },
  });
  expect(organization.status(), await organization.text()).toBe(201);
  const { organizationId } = (await organization.json()) as { organizationId: string };
  const quote = await request.post('/api/admin/quotes', {
    headers: admin,
    data: {
      organizationId,
      lines: [
        { workshopId: '15', seats: 8 },
        { description: 'Business dining etiquette, on site at Acme, half a day', amountCents: 120_000 },
      ],
      validUntil: day(30),
      note: 'Prices include course materials.',
    },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const { quoteId } = (await quote.json()) as { quoteId: string };
  const sent = await request.post(`/api/admin/quotes/${quoteId}/send`, { headers: admin, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  return contactEmail;
}

/** The quote's link in the e-mail to `to`, once the mailer has written it. */
async function quoteLinkFromOutbox(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        for (const file of await readdir(OUTBOX).catch(() => [] as string[])) {
          const text = decodedParts(await readFile(join(OUTBOX, file), 'utf8'));
          if (!text.includes(to)) continue;
          link = /https?:\/\/[^\s"<>]+\/quote\/[A-Za-z0-9_.-]+/.exec(text)?.[0] ?? '';
          if (link) return link;
        }
        return '';
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

test('the contact accepts the quote with a PO number and pays the invoice by card', async ({ page, request }) => {
  const contact = await quoteSent(request, `dana.${Date.now()}@acme.example`);
  const quotePath = await quoteLinkFromOutbox(contact);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(quotePath);
  await expect(page.getByRole('heading', { level: 1, name: /^Quote Q-\d{4}-\d{4}$/ })).toBeVisible();
  await expect(page.getByText('Executive Edge')).toBeVisible();
  await expect(page.getByText(/non-taxable/)).toBeVisible();
  await expect(page.getByText('Net 30 days from the invoice')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'quote page');
  await screenshot(page, 'organizations/quote', { widths: SCREENSHOT_WIDTHS });

  await page.getByRole('textbox', { name: /PO number/ }).fill('PO-4471');
  await page.getByRole('button', { name: 'Accept the quote' }).click();

  await expect(page).toHaveURL(/\/invoice\//);
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice INV-\d{4}-\d{4}$/ })).toBeVisible();
  await expect(page.getByText('PO-4471')).toBeVisible();
  await expect(page.getByText('12-3456789')).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'invoice page');
  await screenshot(page, 'organizations/invoice', { widths: SCREENSHOT_WIDTHS });

  const pdf = await request.get(`/api${new URL(page.url()).pathname.replace('/invoice/', '/invoices/')}/invoice.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  await page.getByRole('button', { name: /^Pay \$[\d,.]+ by card$/ }).click();
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await screenshot(page, 'organizations/invoice-card', { widths: SCREENSHOT_WIDTHS });
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  // The status badge turns to Paid and nothing is owed. (The amounts list always has a "Paid" row, so
  // "Paid" alone on the page proved nothing: it was there before the card was charged.)
  await expect(page.locator('.badge', { hasText: /^Paid$/ })).toBeVisible();
  await expect(
    page
      .getByRole('term')
      .filter({ hasText: /^Balance due$/ })
      .locator('..'),
  ).toContainText('$0.00');
  await expect(page.getByText(/by Card/)).toBeVisible();
  await screenshot(page, 'organizations/invoice-paid', { widths: SCREENSHOT_WIDTHS });
});

test.describe('the office', () => {
  test.use(ADMIN_SIGNED_IN);

  test('finds the organization with its quote, and the receivables', async ({ page, request }) => {
    const contact = await quoteSent(request, `hr.${Date.now()}@acme.example`);
    await page.goto('/admin?tab=organizations');
    await page.getByRole('searchbox', { name: 'Search' }).fill(contact);
    const row = page.getByRole('row', { name: /Acme Corp/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(contact);
    await expect(page.getByRole('heading', { name: 'New quote' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Receivables' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'organizations tab');
    await screenshot(page, 'organizations/admin', { widths: SCREENSHOT_WIDTHS });
  });
});
