import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import { pdfText } from '../../support/pdf-text.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const admin = async (method: string, path: string, body: unknown = {}) =>
  (await (await adminCall(t.app, method, `/api/admin${path}`, { body })).json()) as Record<string, string>;

async function givenInvoice() {
  const { organizationId } = await admin('POST', '/organizations', {
    name: 'Acme Corp',
    contactName: 'Dana Reyes',
    contactEmail: 'dana@acme.example',
    billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
    taxId: '12-3456789',
  });
  const { quoteId } = await admin('POST', '/quotes', {
    organizationId,
    lines: [{ description: 'Business dining etiquette, on site, half a day', amountCents: 120_000 }],
    validUntil: '2025-05-31',
  });
  await admin('POST', `/quotes/${quoteId}/send`);
  const links = organizationLinksFor(t.deps.config)!;
  const res = await t.app.request(`/api/quotes/${links.quote.token(quoteId!, 1)}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ poNumber: 'PO-4471' }),
  });
  const accepted = (await res.json()) as { invoiceId: string; invoiceNumber: string };
  return { ...accepted, token: links.invoice.token(accepted.invoiceId), quoteId: quoteId! };
}

describe('the invoice page and its PDF: GET /api/invoices/:token[/invoice.pdf] (issue 39)', () => {
  it('given an issued invoice with a check paid on it, when its link is opened, then the buyer, PO number, dates, lines, tax with its words, total, payments and how to pay', async () => {
    const { token, invoiceId, invoiceNumber } = await givenInvoice();
    await admin('POST', `/invoices/${invoiceId}/payments`, {
      amountCents: 20_000,
      method: 'check',
      reference: '1042',
      receivedAt: '2025-05-02',
    });
    const res = await t.app.request(`/api/invoices/${token}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      number: invoiceNumber,
      status: 'open',
      buyer: { name: 'Acme Corp', taxId: '12-3456789' },
      poNumber: 'PO-4471',
      paymentTermsDays: 30,
      taxCents: 0,
      taxNote: expect.stringMatching(/non-taxable/),
      totalCents: 120_000,
      paidCents: 20_000,
      balanceCents: 100_000,
      payments: [{ method: 'check', reference: '1042', amountCents: 20_000 }],
      paymentInstructions: [
        expect.stringContaining(`/invoice/${token}`),
        expect.stringContaining('By check'),
        expect.stringContaining('ACH'),
      ],
    });
  });

  it('given an issued invoice, when its PDF is read as a reader would, then it has the number, buyer, tax id, PO, total and balance', async () => {
    const { token, invoiceNumber } = await givenInvoice();
    const res = await t.app.request(`/api/invoices/${token}/invoice.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { text, pages } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(pages).toBe(1);
    for (const words of [
      invoiceNumber,
      'Acme Corp',
      '12-3456789',
      'PO-4471',
      '$1,200.00',
      'Balance due',
      'non-taxable',
    ])
      expect(text).toContain(words);
  });

  it('given a forged token, a quote token or a coordinator token, when opened as an invoice, then the one 404', async () => {
    const { token, quoteId, invoiceId } = await givenInvoice();
    const links = organizationLinksFor(t.deps.config)!;
    for (const wrong of [
      `${token.slice(0, -2)}xx`,
      links.quote.token(quoteId, 1),
      links.group.token(`${invoiceId}-L0`),
    ])
      expect((await t.app.request(`/api/invoices/${wrong}`)).status).toBe(404);
    expect((await t.app.request(`/api/invoices/${links.quote.token(quoteId, 1)}/invoice.pdf`)).status).toBe(404);
  });
});
