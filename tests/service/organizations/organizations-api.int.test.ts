import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { organizationStream } from '../../../contracts/organizations/organization.js';
import { quoteStream } from '../../../contracts/organizations/quotes.js';
import { invoiceStream } from '../../../contracts/organizations/invoices.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const admin = async (method: string, path: string, body?: unknown) => {
  // Every POST carries JSON, an empty object when it says nothing more.
  const res = await adminCall(t.app, method, `/api/admin${path}`, {
    body: body ?? (method === 'GET' ? undefined : {}),
  });
  return { status: res.status, body: (await res.json()) as Body };
};
const visitor = async (method: string, path: string, body?: unknown) => {
  const init =
    body === undefined
      ? { method }
      : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await t.app.request(`/api${path}`, init);
  return { status: res.status, body: (await res.json()) as Body };
};
const fieldsOf = (body: Body) => ((body.issues as { path: string }[] | undefined) ?? []).map((i) => i.path);
const typesOf = async (stream: string) => (await t.eventStore.readStream(stream)).map((e) => e.type);
const links = () => organizationLinksFor(t.deps.config)!;

const organization = {
  name: 'Acme Corp',
  contactName: 'Dana Reyes',
  contactEmail: 'dana@acme.example',
  billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
  taxId: '12-3456789',
};

/** Given a workshop of `capacity` seats at $100 on its own stream, on the public schedule. */
async function givenWorkshop(capacity: number): Promise<string> {
  const id = `org-${randomUUID().slice(0, 8)}`;
  const workshop = { ...SEED_WORKSHOPS[8]!, id, title: `Executive Edge ${id}`, capacity, price: 100, priceTiers: [] };
  const metadata = { correlationId: id, causationId: id, actor: 'admin' as const, at: new Date().toISOString() };
  await t.eventStore.append(
    workshopStream(id),
    [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }],
    'no_stream',
  );
  await t.settle();
  return id;
}
async function givenOrganization(): Promise<string> {
  const { status, body } = await admin('POST', '/organizations', organization);
  expect(status).toBe(201);
  return body.organizationId as string;
}
async function givenSentQuote(lines: unknown[], extra: Body = {}) {
  const organizationId = await givenOrganization();
  const made = await admin('POST', '/quotes', { organizationId, lines, validUntil: '2025-05-31', ...extra });
  expect(made.status).toBe(201);
  const quoteId = made.body.quoteId as string;
  expect((await admin('POST', `/quotes/${quoteId}/send`)).status).toBe(200);
  return { organizationId, quoteId, number: made.body.number as string, token: links().quote.token(quoteId, 1) };
}

describe('organizations: POST and PUT /api/admin/organizations', () => {
  it('given valid details, when the office registers an organization, then 201 with its id and the contact recorded on its stream', async () => {
    const { status, body } = await admin('POST', '/organizations', organization);
    expect(status).toBe(201);
    const [registered] = await t.eventStore.readStream(organizationStream(body.organizationId as string));
    expect(registered).toMatchObject({
      type: 'OrganizationRegistered',
      data: { name: 'Acme Corp', contactEmail: 'dana@acme.example', billingAddress: { line2: '', city: 'Dallas' } },
    });
  });

  it('given details without the contact e-mail or city, when posted, then 400 naming each field', async () => {
    const { contactEmail: _e, ...noEmail } = organization;
    const bad = await admin('POST', '/organizations', noEmail);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toContain('contactEmail');
    const noCity = await admin('POST', '/organizations', {
      ...organization,
      billingAddress: { ...organization.billingAddress, city: '' },
    });
    expect(noCity.status).toBe(400);
    expect(fieldsOf(noCity.body)).toEqual(['billingAddress.city']);
  });

  it('given an organization, when the office changes its contact, then it is updated; an unknown one is 404', async () => {
    const id = await givenOrganization();
    const put = await admin('PUT', `/organizations/${id}`, { ...organization, contactName: 'Lee Park' });
    expect(put.status).toBe(200);
    expect(await typesOf(organizationStream(id))).toEqual(['OrganizationRegistered', 'OrganizationUpdated']);
    expect((await admin('PUT', '/organizations/nobody', organization)).status).toBe(404);
  });

  it('given no admin key, when an organization is posted, then 401 and nothing is recorded', async () => {
    const res = await adminCall(t.app, 'POST', '/api/admin/organizations', { key: null, body: organization });
    expect(res.status).toBe(401);
  });
});

describe('quotes: POST /api/admin/quotes, send, the link, accept', () => {
  it('given an organization and a workshop, when the office drafts a quote, then 201 with Q-YYYY-NNNN and the lines priced by the catalogue', async () => {
    const workshopId = await givenWorkshop(20);
    const organizationId = await givenOrganization();
    const { status, body } = await admin('POST', '/quotes', {
      organizationId,
      lines: [
        { workshopId, seats: 8 },
        { description: 'On-site training, half a day', amountCents: 150_000 },
      ],
      validUntil: '2025-05-31',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ quoteId: expect.any(String), number: expect.stringMatching(/^Q-2025-\d{4}$/) });
    const [drafted] = await t.eventStore.readStream(quoteStream(body.quoteId as string));
    expect(drafted!.data).toMatchObject({
      paymentTermsDays: 30,
      totalCents: 8 * 10_000 + 150_000,
      lines: [
        { kind: 'workshop', seats: 8, amountCents: 80_000 },
        { kind: 'service', amountCents: 150_000 },
      ],
    });
  });

  it('given bad quotes, when posted, then 4xx naming the field: an unknown organization, workshop, a missing validUntil, 0 seats', async () => {
    const workshopId = await givenWorkshop(5);
    const organizationId = await givenOrganization();
    const base = { organizationId, lines: [{ workshopId, seats: 2 }], validUntil: '2025-05-31' };
    const unknownOrg = await admin('POST', '/quotes', { ...base, organizationId: 'nobody' });
    expect([unknownOrg.status, fieldsOf(unknownOrg.body)]).toEqual([404, ['organizationId']]);
    const unknownWorkshop = await admin('POST', '/quotes', { ...base, lines: [{ workshopId: 'nope', seats: 2 }] });
    expect([unknownWorkshop.status, fieldsOf(unknownWorkshop.body)]).toEqual([400, ['lines.0.workshopId']]);
    const { validUntil: _v, ...noDay } = base;
    const missing = await admin('POST', '/quotes', noDay);
    expect([missing.status, fieldsOf(missing.body)]).toEqual([400, ['validUntil']]);
    const zero = await admin('POST', '/quotes', { ...base, lines: [{ workshopId, seats: 0 }] });
    expect(zero.status).toBe(400);
    expect(fieldsOf(zero.body)[0]).toMatch(/^lines\.0/);
  });

  it('given a sent quote, when the contact opens the link, then the lines, total, terms and validity; a forged or other-purpose token is 404', async () => {
    const workshopId = await givenWorkshop(20);
    const { token, number, quoteId } = await givenSentQuote([{ workshopId, seats: 3 }]);
    const view = await visitor('GET', `/quotes/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      number,
      version: 1,
      status: 'sent',
      organization: { name: 'Acme Corp' },
      totalCents: 30_000,
      taxCents: 0,
      paymentTermsDays: 30,
      validUntil: '2025-05-31',
      invoice: null,
    });
    expect((await visitor('GET', `/quotes/${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await visitor('GET', `/quotes/${links().invoice.token(quoteId)}`)).status).toBe(404);
    expect((await visitor('POST', `/quotes/${links().group.token(quoteId)}/accept`, {})).status).toBe(404);
  });

  it('given a sent quote for 8 seats, when the contact accepts with a PO number, then an invoice INV-YYYY-NNNN due in 30 days and 8 seats held on the workshop until then; accepted again, 409', async () => {
    const workshopId = await givenWorkshop(10);
    const { token, quoteId } = await givenSentQuote([{ workshopId, seats: 8 }]);
    const accepted = await visitor('POST', `/quotes/${token}/accept`, { poNumber: 'PO-4471' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      invoiceId: expect.any(String),
      invoiceNumber: expect.stringMatching(/^INV-2025-\d{4}$/),
    });
    const invoiceId = accepted.body.invoiceId as string;
    const acceptedAt = (await t.eventStore.readStream(quoteStream(quoteId))).find((e) => e.type === 'QuoteAccepted')!;
    const dueAt = Date.parse(accepted.body.dueAt as string);
    expect(dueAt - Date.parse(acceptedAt.metadata.at)).toBe(30 * 86_400_000);
    const [issued] = await t.eventStore.readStream(invoiceStream(invoiceId));
    expect(issued!.data).toMatchObject({
      number: accepted.body.invoiceNumber,
      poNumber: 'PO-4471',
      buyer: { name: 'Acme Corp', taxId: '12-3456789', billingAddress: { city: 'Dallas' } },
      taxCents: 0,
      totalCents: 80_000,
    });
    const held = (await t.eventStore.readStream(workshopStream(workshopId))).filter((e) => e.type === 'SeatsReserved');
    expect(held.map((e) => e.data)).toEqual([
      expect.objectContaining({ enrollmentId: `${invoiceId}-L0`, seats: 8, invoiceId, expiresAt: accepted.body.dueAt }),
    ]);
    const again = await visitor('POST', `/quotes/${token}/accept`, {});
    expect([again.status, again.body.code]).toEqual([409, 'conflict']);
    const view = await visitor('GET', `/quotes/${token}`);
    expect(view.body).toMatchObject({ status: 'accepted', invoice: { number: accepted.body.invoiceNumber } });
  });

  it('given a quote revised to version 2, when the version 1 link is opened or accepted, then 410 saying so; the version 2 link accepts it', async () => {
    const workshopId = await givenWorkshop(20);
    const { token, quoteId, organizationId } = await givenSentQuote([{ workshopId, seats: 3 }]);
    const revised = await admin('PUT', `/quotes/${quoteId}`, {
      organizationId,
      lines: [{ workshopId, seats: 4 }],
      validUntil: '2025-05-31',
    });
    expect(revised).toMatchObject({ status: 200, body: { version: 2 } });
    await admin('POST', `/quotes/${quoteId}/send`);
    const old = await visitor('GET', `/quotes/${token}`);
    expect(old.status).toBe(410);
    expect(old.body.error).toMatch(/revised/);
    expect((await visitor('POST', `/quotes/${token}/accept`, {})).status).toBe(410);
    const v2 = await visitor('POST', `/quotes/${links().quote.token(quoteId, 2)}/accept`, {});
    expect(v2.status).toBe(200);
  });

  it('given a quote valid until yesterday, when accepted, then 410: it has expired, and no invoice number is spent', async () => {
    const { token } = await givenSentQuote([{ description: 'Coaching', amountCents: 5_000 }], {
      validUntil: '2025-04-01',
    });
    const before = await t.eventStore.readAll({ limit: 1_000_000 });
    const res = await visitor('POST', `/quotes/${token}/accept`, {});
    expect([res.status, res.body.error]).toEqual([410, expect.stringMatching(/valid until 2025-04-01/)]);
    const after = await t.eventStore.readAll({ limit: 1_000_000 });
    expect(after.length).toBe(before.length);
  });

  it('given a withdrawn quote, when accepted, then 410', async () => {
    const { token, quoteId } = await givenSentQuote([{ description: 'Coaching', amountCents: 5_000 }]);
    expect((await admin('POST', `/quotes/${quoteId}/withdraw`)).status).toBe(200);
    expect((await visitor('POST', `/quotes/${token}/accept`, {})).status).toBe(410);
  });

  it('given a workshop with 5 seats left, when a quote for 3 + 6 seats on two lines is accepted, then 409, the first line’s seats are given back, no number is spent, and the quote can be accepted again', async () => {
    const roomy = await givenWorkshop(10);
    const small = await givenWorkshop(5);
    const { token, quoteId } = await givenSentQuote([
      { workshopId: roomy, seats: 3 },
      { workshopId: small, seats: 6 },
    ]);
    const res = await visitor('POST', `/quotes/${token}/accept`, { poNumber: 'PO-1' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/only 5 spots/);
    await t.settle();
    expect(await typesOf(workshopStream(roomy))).toEqual(['WorkshopScheduled', 'SeatsReserved', 'SeatsReleased']);
    expect(await typesOf(workshopStream(small))).toEqual(['WorkshopScheduled']);
    expect(await typesOf(quoteStream(quoteId))).toEqual([
      'QuoteDrafted',
      'QuoteSent',
      'QuoteAccepted',
      'QuoteAcceptanceFailed',
    ]);
    const numbers = (await t.eventStore.readAll({ limit: 1_000_000 })).filter(
      (e) => e.type === 'DocumentNumberAssigned' && (e.data as { kind: string }).kind === 'invoice',
    );
    expect(numbers.map((e) => (e.data as { documentId: string }).documentId)).not.toContain(
      ((await t.eventStore.readStream(quoteStream(quoteId))).find((e) => e.type === 'QuoteAccepted')!.data as Body)
        .invoiceId,
    );
  });

  it('given 20 sent quotes, when all are accepted at once, then 20 invoices numbered consecutively: no gap, no duplicate', async () => {
    const quotes = await Promise.all(
      Array.from({ length: 20 }, () => givenSentQuote([{ description: 'Etiquette lunch', amountCents: 20_000 }])),
    );
    const answers = await Promise.all(quotes.map((q) => visitor('POST', `/quotes/${q.token}/accept`, {})));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const seqs = answers.map((a) => Number((a.body.invoiceNumber as string).slice(-4))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(20);
    expect(seqs.at(-1)! - seqs[0]!).toBe(19);
  });

  it('given one sent quote, when it is accepted twice at once, then one invoice and one 409', async () => {
    const { token } = await givenSentQuote([{ description: 'Etiquette lunch', amountCents: 20_000 }]);
    const both = await Promise.all([1, 2].map(() => visitor('POST', `/quotes/${token}/accept`, {})));
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
  });
});

describe('invoices: POST /api/admin/invoices/:id/payments and void', () => {
  async function givenInvoice(seats = 8) {
    const workshopId = await givenWorkshop(10);
    const { token } = await givenSentQuote([{ workshopId, seats }]);
    const accepted = await visitor('POST', `/quotes/${token}/accept`, {});
    return { workshopId, invoiceId: accepted.body.invoiceId as string };
  }
  const check = (amountCents: number, extra: Body = {}) => ({
    amountCents,
    method: 'check',
    reference: 'Check 1042',
    receivedAt: '2025-05-20',
    ...extra,
  });

  it('given an $800 invoice, when $300 then $500 arrive by check, then it is paid and its seats are confirmed on the workshop', async () => {
    const { workshopId, invoiceId } = await givenInvoice();
    const first = await admin('POST', `/invoices/${invoiceId}/payments`, check(30_000));
    expect(first).toMatchObject({ status: 201, body: { status: 'open', paidCents: 30_000, balanceCents: 50_000 } });
    const rest = await admin(
      'POST',
      `/invoices/${invoiceId}/payments`,
      check(50_000, { reference: 'ACH 77', method: 'ach' }),
    );
    expect(rest).toMatchObject({ status: 201, body: { status: 'paid', balanceCents: 0 } });
    await t.settle();
    const confirmed = (await t.eventStore.readStream(workshopStream(workshopId))).filter(
      (e) => e.type === 'SeatsConfirmed',
    );
    expect(confirmed.map((e) => e.data)).toEqual([
      expect.objectContaining({ enrollmentId: `${invoiceId}-L0`, seats: 8 }),
    ]);
  });

  it('given $300 of $800 paid, when the office records $600, then 400 naming amountCents and nothing recorded', async () => {
    const { invoiceId } = await givenInvoice();
    await admin('POST', `/invoices/${invoiceId}/payments`, check(30_000));
    const beyond = await admin('POST', `/invoices/${invoiceId}/payments`, check(60_000));
    expect([beyond.status, fieldsOf(beyond.body)]).toEqual([400, ['amountCents']]);
    expect((await typesOf(invoiceStream(invoiceId))).filter((x) => x === 'InvoicePaymentRecorded')).toHaveLength(1);
  });

  it('given bad payments, when posted, then 400 naming the field; an unknown invoice is 404', async () => {
    const { invoiceId } = await givenInvoice();
    const cash = await admin('POST', `/invoices/${invoiceId}/payments`, check(100, { method: 'cash' }));
    expect([cash.status, fieldsOf(cash.body)]).toEqual([400, ['method']]);
    const noDay = await admin('POST', `/invoices/${invoiceId}/payments`, check(100, { receivedAt: 'soon' }));
    expect([noDay.status, fieldsOf(noDay.body)]).toEqual([400, ['receivedAt']]);
    const cents = await admin('POST', `/invoices/${invoiceId}/payments`, check(10.5));
    expect([cents.status, fieldsOf(cents.body)]).toEqual([400, ['amountCents']]);
    expect((await admin('POST', '/invoices/nobody/payments', check(100))).status).toBe(404);
  });

  it('given an unpaid invoice holding 8 of 10 seats, when it is voided, then its seats are given back and no payment is taken after', async () => {
    const { workshopId, invoiceId } = await givenInvoice();
    const voided = await admin('POST', `/invoices/${invoiceId}/void`, { reason: 'Budget cut' });
    expect(voided).toMatchObject({ status: 200, body: { status: 'void' } });
    await t.settle();
    const released = (await t.eventStore.readStream(workshopStream(workshopId))).filter(
      (e) => e.type === 'SeatsReleased',
    );
    expect(released.map((e) => e.data)).toEqual([
      expect.objectContaining({ enrollmentId: `${invoiceId}-L0`, seats: 8 }),
    ]);
    const paidAfter = await admin('POST', `/invoices/${invoiceId}/payments`, check(100));
    expect(paidAfter.status).toBe(409);
  });

  it('given money paid on an invoice, when the office voids it, then 409 and the seats stay held', async () => {
    const { invoiceId } = await givenInvoice();
    await admin('POST', `/invoices/${invoiceId}/payments`, check(100));
    const voided = await admin('POST', `/invoices/${invoiceId}/void`, {});
    expect(voided.status).toBe(409);
  });

  it('given an $800 invoice for 8 seats, when 2 seats are cancelled, then a credit note CN-YYYY-NNNN for $200 and 2 seats given back; beyond the total or an unknown line, 400 naming the field', async () => {
    const { workshopId, invoiceId } = await givenInvoice();
    const credit = await admin('POST', `/invoices/${invoiceId}/credit-notes`, { line: 0, seats: 2 });
    expect(credit).toMatchObject({
      status: 201,
      body: { number: expect.stringMatching(/^CN-2025-\d{4}$/), balanceCents: 60_000 },
    });
    await t.settle();
    const released = (await t.eventStore.readStream(workshopStream(workshopId))).filter(
      (e) => e.type === 'SeatsReleased',
    );
    expect(released.map((e) => e.data)).toEqual([
      expect.objectContaining({ enrollmentId: `${invoiceId}-L0`, seats: 2 }),
    ]);
    const beyond = await admin('POST', `/invoices/${invoiceId}/credit-notes`, { amountCents: 70_000 });
    expect([beyond.status, fieldsOf(beyond.body)]).toEqual([400, ['amountCents']]);
    const noLine = await admin('POST', `/invoices/${invoiceId}/credit-notes`, { line: 3, seats: 1 });
    expect([noLine.status, fieldsOf(noLine.body)]).toEqual([400, ['line']]);
  });
});
