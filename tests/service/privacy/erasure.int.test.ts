import { afterEach, describe, expect, it } from 'vitest';
import type { AdminEnrollmentDetail } from '../../../contracts/admin/enrollments.js';
import type { Roster } from '../../../contracts/admin/roster.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { ERASED } from '../../../contracts/privacy/classes.js';
import type { ErasureAccepted, UpcomingBooking } from '../../../contracts/privacy/api.js';
import { rebuildProjection } from '../../../platform/processor/rebuild.js';
import { allProjectors } from '../../../projections/index.js';
import { pseudonymsFor } from '../../../service/core/pseudonyms.js';
import { FAMILY, PERSONAL_VALUES } from '../../support/privacy-samples.js';
import { adminCall } from '../admin/support.js';
import { CHILDREN, makePrivacyApp, type PrivacyTestApp } from './support.js';

let p: PrivacyTestApp;
afterEach(async () => {
  await p?.t.close();
});

const admin = async <T>(path: string): Promise<T> => {
  const res = await adminCall(p.t.app, 'GET', path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const text = async (path: string) => (await adminCall(p.t.app, 'GET', path)).text();
const spotsLeft = async () =>
  ((await (await p.t.app.request(`/api/workshops/${CHILDREN}`)).json()) as Workshop).spotsLeft;

/** Everything an administrator can read about the family, as one text to search. */
async function everythingShown(enrollmentId: string) {
  return [
    await text(`/api/admin/enrollments/${enrollmentId}`),
    await text(`/api/admin/enrollments?q=${encodeURIComponent(FAMILY.parentLast)}`),
    await text('/api/admin/enrollments'),
    await text('/api/admin/enrollments/export.csv'),
    await text(`/api/admin/enrollments/${enrollmentId}/history`),
    await text(`/api/admin/workshops/${CHILDREN}/roster`),
    await text(`/api/admin/workshops/${CHILDREN}/roster.csv`),
  ].join('\n');
}

describe('erasing a family (POST /api/admin/privacy/erasures)', () => {
  it('given a family with a booking not paid, when the owner erases it, then 202 names the subject, and the tracker, roster, CSVs and history show "Erased" while the seats still count', async () => {
    p = await makePrivacyApp();
    const enrollmentId = await p.book({ pay: false });
    const shown = await everythingShown(enrollmentId);
    expect(shown).toContain(FAMILY.allergy);
    const seats = await spotsLeft();

    const res = await p.erase({ email: FAMILY.email.toUpperCase() });
    expect(res.status).toBe(202);
    const body = (await res.json()) as ErasureAccepted;
    expect(body).toMatchObject({
      subjectId: pseudonymsFor(p.t.deps.config).email(FAMILY.email),
      erasedAt: expect.any(String),
    });
    await p.t.settle();

    const after = await everythingShown(enrollmentId);
    for (const value of PERSONAL_VALUES) expect(after, value).not.toContain(value);
    // A name erased reads "Erased" once, not once for the first name and once for the last.
    expect(after).not.toContain(`${ERASED} ${ERASED}`);
    const detail = await admin<AdminEnrollmentDetail>(`/api/admin/enrollments/${enrollmentId}`);
    expect(detail).toMatchObject({ firstName: ERASED, lastName: ERASED, email: ERASED, amount: 300, participants: 2 });
    expect(detail.participantDetails![0]).toMatchObject({ name: ERASED, dietaryRestrictions: ERASED });
    const roster = await admin<Roster>(`/api/admin/workshops/${CHILDREN}/roster`);
    expect(roster.rows.map((r) => r.name)).toEqual([ERASED, ERASED]);
    expect(roster.rows.map((r) => r.parent.name)).toEqual([ERASED, ERASED]);
    expect(await spotsLeft()).toBe(seats);
  });

  it('given an erasure, when every projection is rebuilt from the first event, then nothing of the family comes back', async () => {
    p = await makePrivacyApp();
    const enrollmentId = await p.book({ pay: false });
    expect((await p.erase({ email: FAMILY.email })).status).toBe(202);
    await p.t.settle();
    for (const projector of allProjectors)
      await rebuildProjection(projector, { eventStore: p.t.eventStore, readStore: p.t.readStore });
    await p.t.settle();
    const after = await everythingShown(enrollmentId);
    for (const value of PERSONAL_VALUES) expect(after, value).not.toContain(value);
    expect(after).toContain(ERASED);
  });

  it('given a family with a paid class ahead, when erased, then 409 names the booking and what cancelling gives, and nothing is erased; told to cancel, the booking is cancelled with its refund and the family erased', async () => {
    p = await makePrivacyApp();
    const enrollmentId = await p.book();
    const refused = await p.erase({ email: FAMILY.email });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; error: string; upcoming: UpcomingBooking[] };
    expect(body.code).toBe('upcoming_bookings');
    expect(body.error).toMatch(/paid class ahead/);
    expect(body.upcoming).toEqual([
      { enrollmentId, title: expect.any(String), date: expect.any(String), amount: 300, refund: 'full' },
    ]);
    expect(await text(`/api/admin/enrollments/${enrollmentId}`)).toContain(FAMILY.parentFirst);

    const accepted = await p.erase({ email: FAMILY.email, cancelUpcoming: true });
    expect(accepted.status).toBe(202);
    await p.t.settle();
    const types = (await p.t.eventStore.readStream(`enrollment-${enrollmentId}`)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['EnrollmentCancelled', 'RefundRequested', 'RefundIssued']));
    const detail = await admin<AdminEnrollmentDetail>(`/api/admin/enrollments/${enrollmentId}`);
    expect(detail).toMatchObject({ firstName: ERASED, status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('given a manager or an instructor, when they ask for an erasure or the access log, then 403 and nothing is erased', async () => {
    p = await makePrivacyApp();
    await p.book({ pay: false });
    const added = await adminCall(p.t.app, 'POST', '/api/admin/administrators', {
      body: { name: 'Mona Manager', email: 'mona@example.com' },
    });
    const { key } = (await added.json()) as { key: string };
    expect((await p.erase({ email: FAMILY.email }, key)).status).toBe(403);
    expect((await adminCall(p.t.app, 'GET', '/api/admin/privacy/access-log', { key })).status).toBe(403);
    const keys = await p.t.deps.keys.keysOf(pseudonymsFor(p.t.deps.config).email(FAMILY.email));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.destroyedAt !== null)).toEqual([]);
  });

  it('given a body without a valid e-mail, then 400 names the field and nothing is recorded', async () => {
    p = await makePrivacyApp();
    const head = await p.t.eventStore.headPosition();
    const res = await p.erase({ email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('email');
    expect(await p.t.eventStore.headPosition()).toBe(head);
  });
});
