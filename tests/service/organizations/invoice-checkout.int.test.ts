import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { MemoryMailer } from '../../support/memory-mailer.js';
import { adminCall } from '../admin/support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { invoiceStream } from '../../../contracts/organizations/invoices.js';
import { organizationStream } from '../../../contracts/organizations/organization.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';

// Issue 39 item 6: a workshop may allow "Pay by invoice"; an organization then books it from the
// enroll page and gets its invoice at once, as if the office had quoted it and the contact accepted.
let t: TestApp;
const now = new Date('2026-04-01T15:00:00Z');
const mailer = new MemoryMailer();
beforeAll(async () => {
  t = await makeTestApp({ clock: () => now, reactors: true, extra: () => ({ mailer }) });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const fieldsOf = (body: Body) => ((body.issues as { path: string }[] | undefined) ?? []).map((i) => i.path);

/** A $300 camp starting Saturday, August 1, 2026 in Plano. */
const camp = (extra: Body = {}) => ({
  title: 'Summer Camp',
  description: 'A week of manners.',
  category: 'summer',
  date: '2026-08-01T09:00',
  endTime: '12:00',
  location: 'Plano',
  price: 300,
  capacity: 20,
  ...extra,
});
const schedule = async (position: string) =>
  (await (await t.app.request(`/api/workshops?minPosition=${position}`)).json()) as Workshop[];

async function givenWorkshop(extra: Body = {}): Promise<Workshop> {
  const r = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: camp(extra) });
  expect(r.status, await r.clone().text()).toBe(201);
  const { id, position } = (await r.json()) as { id: string; position: string };
  return (await schedule(position)).find((w) => w.id === id)!;
}

const organization = {
  name: 'Acme Corp',
  contactName: 'Dana Reyes',
  contactEmail: 'dana@acme.example',
  billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
  taxId: '12-3456789',
};
async function checkout(workshopId: string, body: unknown) {
  const res = await t.app.request(`/api/workshops/${workshopId}/invoice-checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

describe('invoiceCheckout on the admin workshop form (issue 39 item 6)', () => {
  it('given a workshop posted with invoiceCheckout, then GET /api/workshops shows it; an edit without it keeps it, null clears it', async () => {
    const w = await givenWorkshop({ invoiceCheckout: { minSeats: 5 } });
    expect(w.invoiceCheckout).toEqual({ minSeats: 5 });
    const kept = await adminCall(t.app, 'PUT', `/api/admin/workshops/${w.id}`, { body: camp({ capacity: 25 }) });
    const keptAt = ((await kept.json()) as { position: string }).position;
    expect((await schedule(keptAt)).find((x) => x.id === w.id)?.invoiceCheckout).toEqual({ minSeats: 5 });
    const cleared = await adminCall(t.app, 'PUT', `/api/admin/workshops/${w.id}`, {
      body: camp({ invoiceCheckout: null }),
    });
    const clearedAt = ((await cleared.json()) as { position: string }).position;
    expect((await schedule(clearedAt)).find((x) => x.id === w.id)).not.toHaveProperty('invoiceCheckout');
  });

  it.each([
    [{ minSeats: 0 }, 'invoiceCheckout.minSeats', /at least 1/],
    [{ minSeats: 2.5 }, 'invoiceCheckout.minSeats', /whole number/],
    [{ minSeats: 501 }, 'invoiceCheckout.minSeats', /at most 500/],
    [{ minSeats: 5, extra: 1 }, 'invoiceCheckout', /./],
  ])(
    'given invoiceCheckout %j, when the workshop is posted, then 400 naming %s',
    async (invoiceCheckout, path, words) => {
      const r = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: camp({ invoiceCheckout }) });
      expect(r.status).toBe(400);
      const issue = ((await r.json()) as { issues: { path: string; message: string }[] }).issues[0]!;
      expect(issue.path).toBe(path);
      expect(issue.message).toMatch(words);
    },
  );
});

describe('POST /api/workshops/:id/invoice-checkout (issue 39 item 6)', () => {
  it('given a workshop allowing invoices from 5 seats, when an organization books 8 with a PO number, then 201 with the invoice, its seats counted on the workshop and the invoice e-mailed by the reactor', async () => {
    const w = await givenWorkshop({ invoiceCheckout: { minSeats: 5 } });
    const { status, body } = await checkout(w.id, { seats: 8, organization, poNumber: 'PO-77' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-2026-\d{4}$/),
      invoicePath: expect.stringMatching(/^\/invoice\/.+/),
      dueAt: '2026-05-01T15:00:00.000Z',
    });
    const links = organizationLinksFor(t.deps.config)!;
    expect(body.invoicePath).toBe(`/invoice/${links.invoice.token(body.invoiceId as string)}`);

    const [issued] = await t.eventStore.readStream(invoiceStream(body.invoiceId as string));
    expect(issued!.data).toMatchObject({
      poNumber: 'PO-77',
      buyer: { name: 'Acme Corp', taxId: '12-3456789' },
      lines: [{ kind: 'workshop', workshopId: w.id, seats: 8, amountCents: 8 * 30_000 }],
      totalCents: 240_000,
    });
    const [registered] = await t.eventStore.readStream(
      organizationStream((issued!.data as { organizationId: string }).organizationId),
    );
    expect(registered!.data).toMatchObject({ source: 'self-serve', contactEmail: 'dana@acme.example' });
    const held = (await t.eventStore.readStream(workshopStream(w.id))).filter((e) => e.type === 'SeatsReserved');
    expect(held.map((e) => e.data)).toEqual([
      expect.objectContaining({ seats: 8, expiresAt: '2026-05-01T15:00:00.000Z', invoiceId: body.invoiceId }),
    ]);
    expect((await schedule(body.position as string)).find((x) => x.id === w.id)?.spotsLeft).toBe(12);

    await t.settle();
    const mail = mailer.sent.filter((m) => m.subject === `Invoice ${body.invoiceNumber as string}`);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'dana@acme.example' });
    expect(mail[0]!.text).toContain('PO PO-77');
  });

  it('given a workshop by card only, when an organization asks for an invoice, then 409 and nothing is recorded', async () => {
    const w = await givenWorkshop();
    const before = await t.eventStore.headPosition();
    const { status, body } = await checkout(w.id, { seats: 6, organization });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'conflict', error: expect.stringMatching(/by card only/) });
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given a workshop allowing invoices from 5 seats with 20 seats, when seats are 4 or 21, then 400 naming seats; bad organization details name their field', async () => {
    const w = await givenWorkshop({ invoiceCheckout: { minSeats: 5 } });
    const few = await checkout(w.id, { seats: 4, organization });
    expect(few.status).toBe(400);
    expect(fieldsOf(few.body)).toEqual(['seats']);
    expect(few.body.error).toMatch(/5 seats or more/);
    const many = await checkout(w.id, { seats: 21, organization });
    expect(many.status).toBe(400);
    expect(fieldsOf(many.body)).toEqual(['seats']);
    expect(many.body.error).toMatch(/only 20 seats left/);
    const { contactEmail: _e, ...noEmail } = organization;
    const bad = await checkout(w.id, { seats: 5, organization: noEmail, poNumber: 'x'.repeat(61) });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(expect.arrayContaining(['organization.contactEmail', 'poNumber']));
    expect(fieldsOf(await checkout(w.id, { organization }).then((r) => r.body))).toEqual(['seats']);
  });

  it('given an unknown workshop, when an invoice is asked for, then 404', async () => {
    expect((await checkout('no-such-workshop', { seats: 5, organization })).status).toBe(404);
  });

  it('given 6 seats left, when two organizations ask for 6 each at once, then one invoice is issued and the other is 400 naming seats', async () => {
    const w = await givenWorkshop({ capacity: 6, invoiceCheckout: { minSeats: 5 } });
    const answers = await Promise.all([
      checkout(w.id, { seats: 6, organization }),
      checkout(w.id, { seats: 6, organization: { ...organization, name: 'Globex' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(fieldsOf(answers.find((a) => a.status === 400)!.body)).toEqual(['seats']);
    const held = (await t.eventStore.readStream(workshopStream(w.id))).filter((e) => e.type === 'SeatsReserved');
    expect(held).toHaveLength(1);
  });
});
