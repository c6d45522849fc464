import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { MemoryMailer } from '../../support/memory-mailer.js';
import { adminCall } from '../admin/support.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';
import { pdftotext } from '../../support/poppler.js';

let t: TestApp;
const mailer = new MemoryMailer();
beforeAll(async () => {
  t = await makeTestApp({ reactors: true, extra: () => ({ mailer }) });
});
afterAll(async () => {
  await t.close();
});

const admin = async (method: string, path: string, body: unknown = {}) =>
  (await (await adminCall(t.app, method, `/api/admin${path}`, { body })).json()) as Record<string, string>;

describe('the organization e-mails: effects of the reactor, never of the request (issue 39)', () => {
  it('given a quote, when the office sends it, then the contact gets its link once; accepted, the invoice e-mail links its page and the coordinator’s page and attaches the invoice’s PDF', async () => {
    const { organizationId } = await admin('POST', '/organizations', {
      name: 'Acme Corp',
      contactName: 'Dana Reyes',
      contactEmail: 'dana@acme.example',
      billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
    });
    const { quoteId, number } = await admin('POST', '/quotes', {
      organizationId,
      lines: [{ description: 'Dining etiquette, on site', amountCents: 90_000 }],
      validUntil: '2025-05-31',
    });
    await admin('POST', `/quotes/${quoteId}/send`);
    // The request answered; the mail is the reactor's.
    await t.settle();
    const links = organizationLinksFor(t.deps.config)!;
    const quoteMail = mailer.sent.filter((m) => m.subject === `Your quote ${number}`);
    expect(quoteMail).toHaveLength(1);
    expect(quoteMail[0]).toMatchObject({ to: 'dana@acme.example' });
    expect(quoteMail[0]!.text).toContain(`/quote/${links.quote.token(quoteId!, 1)}`);
    expect(quoteMail[0]!.text).toContain('$900.00');

    const res = await t.app.request(`/api/quotes/${links.quote.token(quoteId!, 1)}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ poNumber: 'PO-9' }),
    });
    const accepted = (await res.json()) as { invoiceId: string; invoiceNumber: string };
    await t.settle();
    const invoiceMail = mailer.sent.filter((m) => m.subject === `Invoice ${accepted.invoiceNumber}`);
    expect(invoiceMail).toHaveLength(1);
    expect(invoiceMail[0]!.text).toContain(`/invoice/${links.invoice.token(accepted.invoiceId)}`);
    expect(invoiceMail[0]!.text).toContain('PO PO-9');
    // The invoice's PDF rides along: the same document the invoice page serves.
    const pdf = invoiceMail[0]!.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf).toMatchObject({
      filename: expect.stringContaining(`${accepted.invoiceNumber}.pdf`),
      encoding: 'base64',
    });
    const words = pdftotext(Buffer.from(pdf!.content, 'base64'));
    expect(words).toContain(`INVOICE ${accepted.invoiceNumber}`);
    expect(words).toContain('Acme Corp');
    expect(words).toContain('PO-9');
    expect(words).toMatch(/Balance due\s+\$900\.00/);
    const served = await t.app.request(`/api/invoices/${links.invoice.token(accepted.invoiceId)}/invoice.pdf`);
    expect(pdftotext(new Uint8Array(await served.arrayBuffer()))).toBe(words);

    await t.replayReactors();
    const again = mailer.sent.filter((m) => m.subject === `Invoice ${accepted.invoiceNumber}`);
    expect(new Set(again.map((m) => m.messageId)).size).toBe(1);
  });
});
