import { afterEach, describe, expect, it } from 'vitest';
import type { AddedAdministrator } from '../../../contracts/admin/administrators.js';
import type { IssuedCertificate } from '../../../contracts/certificates/api.js';
import type { AdminReviewList } from '../../../contracts/reviews/api.js';
import type { DiscountCodeView } from '../../../contracts/pricing/discount-codes.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { AFTER, booked, CERTIFICATE, DINNER, mark } from '../certificates/support.js';
import { EL_PASO } from '../locations/support.js';
import { makeReviewApp } from '../reviews/support.js';
import { adminCall } from './support.js';

/**
 * Staff limited to their location (issue 41 item 5), on the admin routes that carry no workshop in
 * their address: a certificate by its number, and the reports. A manager limited to El Paso is
 * refused the dinner's certificates (workshop 6, at Plano) and every report but El Paso's own
 * revenue and funnel; the owner and a manager with no locations named read them all.
 */

let t: TestApp;
afterEach(() => t?.close());

const FORBIDDEN = { error: expect.stringMatching(/limited to your location/), code: 'forbidden' };
const YEAR = 'from=2025-01-01&to=2025-12-31';

async function add(body: Record<string, unknown>): Promise<AddedAdministrator> {
  const res = await adminCall(t.app, 'POST', '/api/admin/administrators', { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AddedAdministrator;
}

/** El Paso opened; Lily's certificate of the dinner at Plano issued; a manager for El Paso and one for everywhere. */
async function certificateAtPlano() {
  t = await makeTestApp({ clock: () => AFTER });
  const opened = await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO });
  expect(opened.status, await opened.clone().text()).toBe(201);
  const elPaso = ((await opened.json()) as { id: string }).id;
  expect((await adminCall(t.app, 'PUT', '/api/admin/programs/10/certificate', { body: CERTIFICATE })).status).toBe(200);
  await booked(t.eventStore, 'fam-a', [mark('fam-a', 0, true)]);
  await t.settle();
  const res = await adminCall(t.app, 'POST', `/api/admin/workshops/${DINNER}/certificates`, { body: {} });
  expect(res.status, await res.clone().text()).toBe(201);
  const [issued] = (await res.json()) as IssuedCertificate[];
  const limited = await add({ name: 'Rosa Diaz', email: 'rosa@example.com', locationIds: [elPaso] });
  const everywhere = await add({ name: 'June Park', email: 'june@example.com' });
  await t.settle();
  return { elPaso, number: issued!.number, limited, everywhere };
}

describe('administrators limited to locations: certificates and reports', () => {
  it('given a manager limited to El Paso, when she lists, issues, revokes, corrects or downloads a certificate of a class at Plano, then each is 403 with words and nothing is appended; a manager with no locations named downloads it', async () => {
    const { number, limited, everywhere } = await certificateAtPlano();
    const head = await t.eventStore.headPosition();

    const refused: [string, string, unknown?][] = [
      ['GET', `/api/admin/workshops/${DINNER}/certificates`],
      ['POST', `/api/admin/workshops/${DINNER}/certificates`, {}],
      ['POST', `/api/admin/certificates/${number}/revoke`, { reason: 'Issued by mistake.' }],
      ['POST', `/api/admin/certificates/${number}/correct-name`, { name: 'Lilian Whitfield' }],
      ['GET', `/api/admin/certificates/${number}/pdf`],
    ];
    for (const [method, path, body] of refused) {
      const res = await adminCall(t.app, method, path, { key: limited.key, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual(FORBIDDEN);
    }
    expect(await t.eventStore.headPosition()).toBe(head);

    for (const key of [undefined, everywhere.key]) {
      const pdf = await adminCall(t.app, 'GET', `/api/admin/certificates/${number}/pdf`, { key });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect((await adminCall(t.app, 'GET', `/api/admin/workshops/${DINNER}/certificates`, { key })).status).toBe(200);
    }
  });

  it('given a manager limited to El Paso, when she reads the reports, then the revenue and the funnel answer for El Paso alone (as the owner’s filtered ones), and without it, for another location or in a school-wide report or the journal she is refused with words', async () => {
    const { elPaso, limited, everywhere } = await certificateAtPlano();
    const key = limited.key;

    for (const path of [
      `/reports/revenue?${YEAR}&by=month&locationId=${elPaso}`,
      `/reports/revenue.svg?${YEAR}&by=month&locationId=${elPaso}`,
      `/reports/funnel?${YEAR}&locationId=${elPaso}`,
    ]) {
      const hers = await adminCall(t.app, 'GET', `/api/admin${path}`, { key });
      expect(hers.status, path).toBe(200);
      const owners = await adminCall(t.app, 'GET', `/api/admin${path}`);
      expect(await hers.text()).toBe(await owners.text());
    }

    const refused = [
      `/reports/revenue?${YEAR}&by=month`,
      `/reports/revenue?${YEAR}&by=location&locationId=plano`,
      `/reports/revenue.svg?${YEAR}&by=month`,
      `/reports/funnel?${YEAR}`,
      `/reports/attendance?${YEAR}`,
      `/reports/instructors?${YEAR}`,
      '/reports/liabilities?on=2025-07-21',
      `/exports/journal.csv?${YEAR}&format=quickbooks`,
    ];
    for (const path of refused) {
      const res = await adminCall(t.app, 'GET', `/api/admin${path}`, { key });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual(FORBIDDEN);
    }
    const withWords = await adminCall(t.app, 'GET', `/api/admin/reports/revenue?${YEAR}&by=month`, { key });
    expect(((await withWords.json()) as { error: string }).error).toContain(elPaso);

    for (const who of [undefined, everywhere.key])
      for (const path of refused) {
        const res = await adminCall(t.app, 'GET', `/api/admin${path}`, { key: who });
        expect(res.status, `${path} for ${who ?? 'the owner'}`).toBe(200);
      }
  });

  it('given a published review of the dinner at Plano, when a manager limited to El Paso lists the reviews, hides or replies to it, or opens the dinner’s waitlist or messages, then the list holds none of Plano’s and the rest is 403 with nothing appended; a manager with no locations named lists it', async () => {
    const app = await makeReviewApp();
    t = app.t;
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    expect(
      (await app.request('POST', `/api/reviews/${token}`, { rating: 5, text: 'Lovely.', publish: true })).status,
    ).toBe(201);
    const opened = await adminCall(app.t.app, 'POST', '/api/admin/locations', { body: EL_PASO });
    const elPaso = ((await opened.json()) as { id: string }).id;
    const limited = await add({ name: 'Rosa Diaz', email: 'rosa@example.com', locationIds: [elPaso] });
    const everywhere = await add({ name: 'June Park', email: 'june@example.com' });
    await app.t.settle();
    const listed = async (key?: string) =>
      ((await (await adminCall(app.t.app, 'GET', '/api/admin/reviews', { key })).json()) as AdminReviewList).reviews;

    expect(await listed(limited.key)).toEqual([]);
    const refused: [string, string, unknown?][] = [
      ['POST', `/api/admin/reviews/${enrollmentId}/hide`, { reason: 'spam' }],
      ['POST', `/api/admin/reviews/${enrollmentId}/reply`, { text: 'Thank you!' }],
      ['GET', `/api/admin/workshops/${DINNER}/waitlist`],
      ['GET', `/api/admin/workshops/${DINNER}/messages`],
    ];
    for (const [method, path, body] of refused) {
      const res = await adminCall(app.t.app, method, path, { key: limited.key, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual(FORBIDDEN);
    }
    expect(await app.reviewDecisions(enrollmentId)).toEqual(['ReviewRequested', 'ReviewSubmitted']);

    for (const key of [undefined, everywhere.key])
      expect((await listed(key)).map((r) => r.enrollmentId)).toEqual([enrollmentId]);
  });

  it('given a manager limited to El Paso, when she changes Plano or opens a new location, then each is 403 with words and nothing is appended; she changes El Paso, and a manager with no locations named opens one', async () => {
    t = await makeTestApp();
    const opened = await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO });
    const elPaso = ((await opened.json()) as { id: string }).id;
    const limited = await add({ name: 'Rosa Diaz', email: 'rosa@example.com', locationIds: [elPaso] });
    const everywhere = await add({ name: 'June Park', email: 'june@example.com' });
    await t.settle();
    const austin = { ...EL_PASO, name: 'Austin', slug: 'austin' };
    const head = await t.eventStore.headPosition();

    for (const [method, path] of [
      ['PUT', '/api/admin/locations/plano'],
      ['POST', '/api/admin/locations'],
    ] as const) {
      const res = await adminCall(t.app, method, path, { key: limited.key, body: austin });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual(FORBIDDEN);
    }
    expect(await t.eventStore.headPosition()).toBe(head);

    const hers = await adminCall(t.app, 'PUT', `/api/admin/locations/${elPaso}`, {
      key: limited.key,
      body: { ...EL_PASO, phone: '(915) 555-0199' },
    });
    expect(hers.status, await hers.clone().text()).toBe(200);
    const third = await adminCall(t.app, 'POST', '/api/admin/locations', { key: everywhere.key, body: austin });
    expect(third.status, await third.clone().text()).toBe(201);
  });

  it('given a manager limited to El Paso, when she makes a code for every class or for a Plano workshop, deactivates the school’s code or changes the sibling discount, then each is 403 and nothing is appended; she makes one for her tea and lists only hers, and a manager with no locations named lists both', async () => {
    t = await makeTestApp();
    const opened = await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO });
    const elPaso = ((await opened.json()) as { id: string }).id;
    const saved = await adminCall(t.app, 'POST', '/api/admin/workshops', {
      body: {
        title: 'Spring Tea',
        description: 'An afternoon tea.',
        category: 'adult',
        date: '2030-03-16T14:00',
        endTime: '15:30',
        price: 60,
        capacity: 8,
        locationId: elPaso,
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const tea = ((await saved.json()) as { id: string }).id;
    expect(
      (await adminCall(t.app, 'POST', '/api/admin/discount-codes', { body: { code: 'SCHOOL10', percentOff: 10 } }))
        .status,
    ).toBe(201);
    const limited = await add({ name: 'Rosa Diaz', email: 'rosa@example.com', locationIds: [elPaso] });
    const everywhere = await add({ name: 'June Park', email: 'june@example.com' });
    await t.settle();
    const head = await t.eventStore.headPosition();

    const refused: [string, string, unknown?][] = [
      ['POST', '/api/admin/discount-codes', { code: 'ALL20', percentOff: 20 }],
      ['POST', '/api/admin/discount-codes', { code: 'PLANO20', percentOff: 20, workshopIds: ['9'] }],
      ['POST', '/api/admin/discount-codes', { code: 'BOTH20', percentOff: 20, workshopIds: [tea, '9'] }],
      ['DELETE', '/api/admin/discount-codes/SCHOOL10'],
      ['PUT', '/api/admin/settings', { siblingDiscountPercent: 50 }],
    ];
    for (const [method, path, body] of refused) {
      const res = await adminCall(t.app, method, path, { key: limited.key, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual(FORBIDDEN);
    }
    expect(await t.eventStore.headPosition()).toBe(head);

    const hers = await adminCall(t.app, 'POST', '/api/admin/discount-codes', {
      key: limited.key,
      body: { code: 'TEA15', percentOff: 15, workshopIds: [tea] },
    });
    expect(hers.status, await hers.clone().text()).toBe(201);
    await t.settle();
    const codes = async (key?: string) =>
      ((await (await adminCall(t.app, 'GET', '/api/admin/discount-codes', { key })).json()) as DiscountCodeView[])
        .map((d) => d.code)
        .sort();
    expect(await codes(limited.key)).toEqual(['TEA15']);
    expect(await codes(everywhere.key)).toEqual(['SCHOOL10', 'TEA15']);
    const off = await adminCall(t.app, 'DELETE', '/api/admin/discount-codes/TEA15', { key: limited.key });
    expect(off.status, await off.clone().text()).toBe(200);
  });
});
