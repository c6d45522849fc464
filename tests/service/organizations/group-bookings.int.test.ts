import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { invoiceStream } from '../../../contracts/organizations/invoices.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';

let now = new Date('2025-05-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ clock: () => now });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const admin = async (method: string, path: string, body: unknown = {}) =>
  (await (await adminCall(t.app, method, `/api/admin${path}`, { body })).json()) as Record<string, string>;
const call = async (method: string, path: string, body?: unknown) => {
  const init =
    body === undefined
      ? { method }
      : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await t.app.request(`/api${path}`, init);
  return { status: res.status, body: (await res.json()) as Body };
};
const people = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ name: `Person ${i + from}`, email: `p${i + from}@acme.example` }));

async function givenGroup(seats: number) {
  const id = `grp-${randomUUID().slice(0, 8)}`;
  const workshop = { ...SEED_WORKSHOPS[8]!, id, title: 'Executive Edge', capacity: 20, price: 100, priceTiers: [] };
  const metadata = { correlationId: id, causationId: id, actor: 'admin' as const, at: now.toISOString() };
  await t.eventStore.append(
    workshopStream(id),
    [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }],
    'no_stream',
  );
  await t.settle();
  const { organizationId } = await admin('POST', '/organizations', {
    name: 'Acme Corp',
    contactName: 'Dana Reyes',
    contactEmail: 'dana@acme.example',
    billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
  });
  const { quoteId } = await admin('POST', '/quotes', {
    organizationId,
    lines: [{ workshopId: id, seats }],
    validUntil: '2025-05-31',
  });
  await admin('POST', `/quotes/${quoteId}/send`);
  const links = organizationLinksFor(t.deps.config)!;
  const accepted = await call('POST', `/quotes/${links.quote.token(quoteId!, 1)}/accept`, {});
  const invoiceId = accepted.body.invoiceId as string;
  return { invoiceId, workshop, token: links.group.token(`${invoiceId}-L0`) };
}

describe("the coordinator's page: GET /api/group-bookings/:token, PUT .../attendees (issue 39)", () => {
  it('given 8 seats bought, when the coordinator names 8 then replaces one, then the page lists them and the replaced one is recorded as such', async () => {
    const { token, invoiceId, workshop } = await givenGroup(8);
    const empty = await call('GET', `/group-bookings/${token}`);
    expect(empty).toMatchObject({
      status: 200,
      body: { organization: { name: 'Acme Corp' }, seats: 8, attendees: [], open: true, workshop: { id: workshop.id } },
    });
    const named = await call('PUT', `/group-bookings/${token}/attendees`, { attendees: people(8) });
    expect(named.status).toBe(200);
    expect((named.body.attendees as Body[]).map((a) => a.email)).toEqual(people(8).map((p) => p.email));
    const replaced = await call('PUT', `/group-bookings/${token}/attendees`, {
      attendees: [...people(7), { name: 'Nina Colleague', email: 'nina@acme.example', dietaryRestrictions: 'Vegan' }],
    });
    expect(replaced.status).toBe(200);
    const events = (await t.eventStore.readStream(invoiceStream(invoiceId))).filter(
      (e) => e.type === 'GroupAttendeesNamed',
    );
    expect(events).toHaveLength(2);
    expect(events[1]!.data).toMatchObject({
      removed: [{ name: 'Person 7', email: 'p7@acme.example' }],
      added: [expect.any(String)],
    });
  });

  it('given 8 seats, when 9 are named, then 400 naming attendees and nothing recorded; a bad e-mail names its field', async () => {
    const { token, invoiceId } = await givenGroup(8);
    const nine = await call('PUT', `/group-bookings/${token}/attendees`, { attendees: people(9) });
    expect(nine.status).toBe(400);
    expect((nine.body.issues as { path: string }[]).map((i) => i.path)).toEqual(['attendees']);
    const bad = await call('PUT', `/group-bookings/${token}/attendees`, {
      attendees: [{ name: 'Ann Lee', email: 'not-an-address' }],
    });
    expect(bad.status).toBe(400);
    expect((bad.body.issues as { path: string }[])[0]!.path).toBe('attendees.0.email');
    expect((await t.eventStore.readStream(invoiceStream(invoiceId))).map((e) => e.type)).toEqual(['InvoiceIssued']);
  });

  it('given the cutoff passed (48 hours before the first session), when the coordinator names someone, then 409 and the page says it is closed', async () => {
    const { token, workshop } = await givenGroup(3);
    const saved = now;
    now = new Date(Date.parse(workshop.date) - 47 * 3_600_000);
    try {
      const late = await call('PUT', `/group-bookings/${token}/attendees`, { attendees: people(1) });
      expect(late.status).toBe(409);
      expect((await call('GET', `/group-bookings/${token}`)).body.open).toBe(false);
    } finally {
      now = saved;
    }
  });

  it('given a forged token or an invoice token, when opened as a group, then the one 404', async () => {
    const { token, invoiceId } = await givenGroup(2);
    const links = organizationLinksFor(t.deps.config)!;
    expect((await call('GET', `/group-bookings/${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await call('GET', `/group-bookings/${links.invoice.token(invoiceId)}`)).status).toBe(404);
  });
});
