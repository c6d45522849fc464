import { afterEach, describe, expect, it } from 'vitest';
import type { FamilyCertificate, IssuedCertificate } from '../../../contracts/certificates/api.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import { makeAccountApp, type AccountTestApp } from '../account/support.js';
import { adminCall } from '../admin/support.js';
import { pdfText } from '../../support/pdf-text.js';
import { AFTER, booked, CERTIFICATE, DINNER, mark } from './support.js';

let t: AccountTestApp;
afterEach(async () => {
  await t?.close();
});

/** Two families at the dinner: both of fam-a's children present, only Lily of fam-b; the program's certificate set. */
async function twoFamiliesAtTheDinner() {
  t = await makeAccountApp({ clock: () => AFTER });
  const set = await adminCall(t.app, 'PUT', `/api/admin/programs/10/certificate`, { body: CERTIFICATE });
  expect(set.status, await set.clone().text()).toBe(200);
  await booked(t.eventStore, 'fam-a', [mark('fam-a', 0, true), mark('fam-a', 1, true)]);
  await booked(t.eventStore, 'fam-b', [mark('fam-b', 0, true), mark('fam-b', 1, false)]);
  await t.settle();
}

const issueAll = async () => {
  const res = await adminCall(t.app, 'POST', `/api/admin/workshops/${DINNER}/certificates`, { body: {} });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as IssuedCertificate[];
};

const bookingToken = (id: string) => bookingLinksFor(t.deps.config)!.token(id);

async function listed(path: string, cookie?: string) {
  const res = await t.call('GET', path, cookie ? { cookie } : {});
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FamilyCertificate[];
}

async function pdfAt(path: string, cookie?: string) {
  const res = await t.call('GET', path, cookie ? { cookie } : {});
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('certificates: the booking page lists its children’s certificates', () => {
  it('given certificates issued to two families, when a parent opens its booking link, then its own children’s are listed with their PDFs, not the other family’s', async () => {
    await twoFamiliesAtTheDinner();
    const token = bookingToken('fam-a');
    expect(await listed(`/api/bookings/${token}/certificates`)).toEqual([]);

    const issued = await issueAll();
    expect(issued).toHaveLength(3);
    const list = await listed(`/api/bookings/${token}/certificates`);
    expect(list.map((c) => [c.participant, c.participantName])).toEqual([
      [0, 'Lily Whitfield'],
      [1, 'Oscar Whitfield'],
    ]);
    for (const c of list) expect(issued.map((i) => i.number)).toContain(c.number);
    expect(list[0]).toMatchObject({
      enrollmentId: 'fam-a',
      program: 'Etiquette After Dark',
      completedOn: '2025-07-19',
      issuedAt: AFTER.toISOString(),
      pdfPath: `/api/bookings/${token}/certificates/${list[0]!.number}`,
    });

    const pdf = await pdfAt(list[1]!.pdfPath);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect((await pdfText(pdf.bytes)).text).toContain('Oscar Whitfield');

    const theirs = await listed(`/api/bookings/${bookingToken('fam-b')}/certificates`);
    expect(theirs.map((c) => [c.enrollmentId, c.participantName])).toEqual([['fam-b', 'Lily Whitfield']]);
    expect((await pdfAt(`/api/bookings/${token}/certificates/${theirs[0]!.number}`)).status).toBe(404);
  });

  it('given a certificate revoked, when the booking page lists them, then it is no longer there', async () => {
    await twoFamiliesAtTheDinner();
    await issueAll();
    const token = bookingToken('fam-a');
    const [lily] = await listed(`/api/bookings/${token}/certificates`);
    const revoked = await adminCall(t.app, 'POST', `/api/admin/certificates/${lily!.number}/revoke`, {
      body: { reason: 'Issued to the wrong child' },
    });
    expect(revoked.status).toBe(200);
    expect((await listed(`/api/bookings/${token}/certificates`)).map((c) => c.participantName)).toEqual([
      'Oscar Whitfield',
    ]);
    expect((await pdfAt(lily!.pdfPath)).status).toBe(404);
  });

  it('given a forged booking link, when its certificates are asked for, then 404', async () => {
    await twoFamiliesAtTheDinner();
    await issueAll();
    expect((await t.call('GET', `/api/bookings/${bookingToken('fam-a').slice(0, -2)}AA/certificates`)).status).toBe(
      404,
    );
  });
});

describe('certificates: the family page lists its children’s certificates', () => {
  it('given a signed-in family, when it asks for its certificates, then its own are listed and their PDFs open; another family’s number is 404', async () => {
    await twoFamiliesAtTheDinner();
    const issued = await issueAll();
    const cookie = await t.signIn('fam-a@example.com');

    const list = await listed('/api/account/certificates', cookie);
    expect(list.map((c) => [c.enrollmentId, c.participantName])).toEqual([
      ['fam-a', 'Lily Whitfield'],
      ['fam-a', 'Oscar Whitfield'],
    ]);
    for (const c of list) expect(c.pdfPath).toBe(`/api/account/certificates/${c.number}`);
    const pdf = await pdfAt(list[0]!.pdfPath, cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect((await pdfText(pdf.bytes)).text).toContain(list[0]!.number);

    const theirs = issued.find((c) => !list.some((l) => l.number === c.number))!;
    expect((await pdfAt(`/api/account/certificates/${theirs.number}`, cookie)).status).toBe(404);
    expect((await pdfAt('/api/account/certificates/GL-C-2025-09999', cookie)).status).toBe(404);
    expect((await pdfAt('/api/account/certificates/nonsense', cookie)).status).toBe(404);
  });

  it('given nobody signed in, when the family certificates are asked for, then 401', async () => {
    await twoFamiliesAtTheDinner();
    const [first] = await issueAll();
    expect((await t.call('GET', '/api/account/certificates')).status).toBe(401);
    expect((await t.call('GET', `/api/account/certificates/${first!.number}`)).status).toBe(401);
  });
});
