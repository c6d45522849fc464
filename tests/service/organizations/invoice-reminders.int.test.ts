import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEnrollmentApp, type EnrollmentTestApp } from '../enrollment/support.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';
import { invoiceStream } from '../../../contracts/organizations/invoices.js';
import { invoiceReminderTimer } from '../../../service/organizations/invoice-reminder-timer.js';
import { tickerOf } from '../../support/timers.js';

/** The due date as the e-mail writes it: "Monday, December 14, 2026", on the school's calendar. */
const asPeopleWriteIt = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'America/Chicago',
  });

/**
 * Issue 39, item 4: an invoice's reminders, 7 days before and on the due date, each once (a timer
 * under its lease: two runners ticking at once send one), none once it is paid.
 */

let now = new Date('2025-05-01T15:00:00Z');
let t: EnrollmentTestApp;
beforeAll(async () => {
  t = await makeEnrollmentApp({ reactors: true, clock: () => now });
});
afterAll(async () => {
  await t.close();
});

const ADMIN = { 'admin-key': 'test-admin-key-123456' };
const admin = async (method: string, path: string, body: unknown = {}) =>
  (await (
    await t.app.request(`/api/admin${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...ADMIN },
      body: JSON.stringify(body),
    })
  ).json()) as Record<string, string>;

async function givenInvoice(name: string) {
  const { organizationId } = await admin('POST', '/organizations', {
    name,
    contactName: 'Dana Reyes',
    contactEmail: `dana@${name.toLowerCase().replace(/\W/g, '')}.example`,
    billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
  });
  const { quoteId } = await admin('POST', '/quotes', {
    organizationId,
    lines: [{ description: 'Business dining etiquette, on site', amountCents: 90_000 }],
    validUntil: '2025-05-31',
  });
  await admin('POST', `/quotes/${quoteId}/send`);
  const links = organizationLinksFor(t.deps.config)!;
  const res = await t.app.request(`/api/quotes/${links.quote.token(quoteId!, 1)}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ poNumber: 'PO-12' }),
  });
  const { invoiceId, invoiceNumber, dueAt } = (await res.json()) as Record<string, string>;
  await t.settle();
  return {
    invoiceId: invoiceId!,
    invoiceNumber: invoiceNumber!,
    dueAt: dueAt!,
    token: links.invoice.token(invoiceId!),
  };
}

describe('invoice reminders (issue 39)', () => {
  it('given two invoices due in 30 days, one paid, then the other is reminded a week before and on the due date, each once, even with two runners ticking', async () => {
    const owing = await givenInvoice('Acme Corp');
    const paid = await givenInvoice('Globex');
    await admin('POST', `/invoices/${paid.invoiceId}/payments`, {
      amountCents: 90_000,
      method: 'ach',
      reference: 'ACH-1',
      receivedAt: '2025-05-02',
    });
    await t.settle();
    const one = tickerOf(invoiceReminderTimer(t.deps), t.deps, 'runner-1');
    const two = tickerOf(invoiceReminderTimer(t.deps), t.deps, 'runner-2');
    const reminders = () => t.mailer.sent.filter((m) => m.messageId.startsWith('<invoice-'));
    const due = Date.parse(owing.dueAt);

    now = new Date(due - 8 * 86_400_000);
    await Promise.all([one.tick(), two.tick()]);
    expect(reminders()).toHaveLength(0);

    now = new Date(due - 6 * 86_400_000);
    await Promise.all([one.tick(), two.tick()]);
    await t.settle();
    await Promise.all([one.tick(), two.tick()]);
    expect(reminders().map((m) => [m.to, m.subject])).toEqual([
      ['dana@acmecorp.example', `Invoice ${owing.invoiceNumber} is due on ${asPeopleWriteIt(owing.dueAt)}`],
    ]);
    expect(reminders()[0]!.text).toContain(`/invoice/${owing.token}`);
    expect(reminders()[0]!.text).toContain('$900.00 is still owed');

    now = new Date(due - 3_600_000);
    await Promise.all([one.tick(), two.tick()]);
    await t.settle();
    await Promise.all([one.tick(), two.tick()]);
    expect(reminders().map((m) => m.subject)).toEqual([
      `Invoice ${owing.invoiceNumber} is due on ${asPeopleWriteIt(owing.dueAt)}`,
      `Invoice ${owing.invoiceNumber} is due today`,
    ]);
    const recorded = (await t.eventStore.readStream(invoiceStream(owing.invoiceId))).filter(
      (e) => e.type === 'InvoiceReminderSent',
    );
    expect(recorded.map((e) => (e.data as { kind: string }).kind)).toEqual(['week-before', 'due-date']);
    await Promise.all([one.stop(), two.stop()]);
  });
});
