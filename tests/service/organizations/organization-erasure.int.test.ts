import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED } from '../../../contracts/core/erased.js';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';
import type { ErasureAccepted } from '../../../contracts/privacy/api.js';
import { organizationStream } from '../../../contracts/organizations/organization.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';
import { invoiceReminderTimer } from '../../../service/organizations/invoice-reminder-timer.js';
import { tickerOf } from '../../support/timers.js';
import { adminCall } from '../admin/support.js';
import { makePrivacyApp, type PrivacyTestApp } from '../privacy/support.js';

/**
 * Issue 39, item 1: an organization's contact is encrypted and erasable like a family's. Erased,
 * the contact's name, e-mail and phone read "Erased" everywhere; the organization's documents and
 * money stay as issued.
 */

let p: PrivacyTestApp;
beforeAll(async () => {
  p = await makePrivacyApp();
});
afterAll(async () => {
  await p.t.close();
});

type Body = Record<string, unknown>;
const admin = async (method: string, path: string, body?: unknown) => {
  const res = await adminCall(p.t.app, method, `/api/admin${path}`, {
    body: body ?? (method === 'GET' ? undefined : {}),
  });
  return { status: res.status, body: (await res.json()) as Body & Body[] };
};
const invoiceFigures = async () => ((await admin('GET', '/dashboard')).body as unknown as Dashboard).invoices;
const CONTACT = { contactName: 'Dana Reyes', contactEmail: 'dana.reyes@acme.example', contactPhone: '214-555-0199' };

async function givenPaidPart() {
  const organizationId = (
    await admin('POST', '/organizations', {
      name: 'Acme Corp',
      ...CONTACT,
      billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
      taxId: '12-3456789',
    })
  ).body.organizationId as string;
  const quoteId = (
    await admin('POST', '/quotes', {
      organizationId,
      lines: [{ description: 'Business etiquette, on site', amountCents: 90_000 }],
      validUntil: '2025-05-31',
    })
  ).body.quoteId as string;
  await admin('POST', `/quotes/${quoteId}/send`);
  const links = organizationLinksFor(p.t.deps.config)!;
  const res = await p.t.app.request(`/api/quotes/${links.quote.token(quoteId, 1)}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ poNumber: 'PO-9' }),
  });
  const { invoiceId } = (await res.json()) as { invoiceId: string };
  await admin('POST', `/invoices/${invoiceId}/payments`, {
    amountCents: 40_000,
    method: 'check',
    reference: '1042',
    receivedAt: '2025-05-01',
  });
  await p.t.settle();
  return { organizationId, invoiceToken: links.invoice.token(invoiceId) };
}

describe('erasing an organization’s contact: POST /api/admin/privacy/organizations/:id/erasure (issue 39)', () => {
  it('given an organization with an invoice part paid, when the owner erases it, then its contact reads "Erased" in the events and the office’s lists, and its invoice and money are kept', async () => {
    const { organizationId, invoiceToken } = await givenPaidPart();
    const before = await admin('GET', '/organizations?q=acme');
    expect(before.body[0]).toMatchObject({ contactName: CONTACT.contactName, contactEmail: CONTACT.contactEmail });
    const dashboard = await invoiceFigures();

    const res = await admin('POST', `/privacy/organizations/${organizationId}/erasure`);
    expect(res.status).toBe(202);
    expect(res.body as unknown as ErasureAccepted).toMatchObject({ subjectId: `organization:${organizationId}` });
    await p.t.settle();

    const events = await p.t.eventStore.readStream(organizationStream(organizationId));
    const text = JSON.stringify(events.map((e) => e.data));
    for (const value of Object.values(CONTACT)) expect(text).not.toContain(value);
    expect(events[0]!.data).toMatchObject({ name: 'Acme Corp', contactName: ERASED, contactEmail: ERASED });
    const listed = await admin('GET', '/organizations?q=acme');
    expect(listed.body[0]).toMatchObject({ name: 'Acme Corp', contactName: ERASED, contactEmail: ERASED });
    expect(JSON.stringify(listed.body)).not.toContain(CONTACT.contactEmail);

    const invoice = (await (await p.t.app.request(`/api/invoices/${invoiceToken}`)).json()) as Body;
    expect(invoice).toMatchObject({
      buyer: { name: 'Acme Corp', taxId: '12-3456789' },
      poNumber: 'PO-9',
      totalCents: 90_000,
      paidCents: 40_000,
      balanceCents: 50_000,
    });
    expect(await invoiceFigures()).toEqual(dashboard);

    // A week before the due date: no reminder goes to an erased contact.
    p.clock.now = new Date(Date.parse(invoice.dueAt as string) - 6 * 86_400_000);
    const ticker = tickerOf(invoiceReminderTimer(p.t.deps), p.t.deps, 'runner-1');
    await ticker.tick();
    await ticker.stop();
    expect(p.mailer.sent.filter((m) => m.messageId.startsWith('<invoice-'))).toEqual([]);
    expect(p.mailer.sent.map((m) => m.to)).not.toContain(ERASED);
  });

  it('given a malformed or unknown organization id, when erased, then 400 naming id, or 404', async () => {
    const bad = await admin('POST', '/privacy/organizations/not%20an%20id!/erasure');
    expect(bad.status).toBe(400);
    expect((bad.body.issues as { path: string }[]).map((i) => i.path)).toEqual(['id']);
    const unknown = await admin('POST', '/privacy/organizations/no-such-organization/erasure');
    expect(unknown.status).toBe(404);
  });
});
