import { afterEach, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../contracts/account/api.js';
import type { AdminEnrollmentDetail } from '../../../contracts/admin/enrollments.js';
import type { Roster } from '../../../contracts/admin/roster.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { CURRENT_WAIVERS } from '../../../contracts/policies/waivers.js';
import { adminCall } from '../admin/support.js';
import { BEFORE_SPEC_SEASON } from '../../support/app.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { strictForm } from '../../support/enrollment-forms.js';
import { nextParentEmail } from '../../support/visitors.js';
import { signInMailsSent } from '../../../service/account/sign-in.js';
import { child, makeAccountApp, type AccountTestApp } from './support.js';

/** Workshop 1: a summer camp ($250 a child) on Monday, June 23, 2025: the stricter form, waivers asked. */
const CAMP = '1';
const CAMP_PRICE = 250;

let t: AccountTestApp;
afterEach(async () => {
  await t?.close();
});

/** A signed-in family with its details and two children saved (Lily, 8 at the camp; Max, 6). */
async function family(email = nextParentEmail()) {
  const cookie = await t.signIn(email);
  await t.saveHousehold(cookie);
  const lily = await t.addChild(cookie, { name: 'Lily Whitfield', dateOfBirth: '2017-03-14' });
  const max = await t.addChild(cookie, {
    name: 'Max Whitfield',
    dateOfBirth: '2019-06-24',
    grade: 'K',
    hasDietaryRestrictions: true,
    dietaryRestrictions: 'Dairy',
    photographyOptOut: true,
  });
  return { cookie, email, lily, max };
}

const enroll = (cookie: string, body: Record<string, unknown>, workshopId = CAMP) =>
  t.call('POST', `/api/enroll/workshop/${workshopId}`, { cookie, body: { agreeToTerms: true, ...body } });

async function submitted(enrollmentId: string): Promise<EnrollmentSubmitted> {
  const events = await t.eventStore.readStream(`enrollment-${enrollmentId}`);
  return events.find((e) => e.type === 'EnrollmentSubmitted')!.data as EnrollmentSubmitted;
}

async function roster(workshopId = CAMP): Promise<Roster> {
  await t.settle();
  const res = await adminCall(t.app, 'GET', `/api/admin/workshops/${workshopId}/roster`);
  expect(res.status).toBe(200);
  return (await res.json()) as Roster;
}

describe('POST /api/enroll/workshop/:id with childIds: saved children, two clicks and a signature each', () => {
  it('given a family with two saved children, when both are enrolled in the camp with a signature each, then the enrollment records the saved details as enrolled (ages from the dates of birth at the camp’s start), the household and the signatures, and the family page lists the booking', async () => {
    t = await makeAccountApp();
    const f = await family();

    const res = await enroll(f.cookie, {
      childIds: [f.lily, f.max],
      signatures: [
        { childId: f.lily, signedName: 'Eleanor Whitfield' },
        { childId: f.max, signedName: 'Eleanor Whitfield' },
      ],
      totalPrice: 2 * CAMP_PRICE,
    });

    expect(res.status, await res.clone().text()).toBe(201);
    const { enrollmentId, position } = (await res.json()) as EnrollmentResponse;
    const data = await submitted(enrollmentId);
    expect(data.householdId).toBeDefined();
    expect(data.form).toMatchObject({
      firstName: 'Eleanor',
      lastName: 'Whitfield',
      email: f.email,
      phone: '9725550100',
      emergencyContact2Name: 'Ruth Porter',
      agreeToCodeOfConduct: true,
      participants: 2,
    });
    expect(data.form.participantDetails).toEqual([
      expect.objectContaining({
        childId: f.lily,
        name: 'Lily Whitfield',
        age: 8,
        dateOfBirth: '2017-03-14',
        grade: '3rd',
      }),
      // Five on June 23, 2025: the sixth birthday is the next day.
      expect.objectContaining({
        childId: f.max,
        name: 'Max Whitfield',
        age: 5,
        dietaryRestrictions: 'Dairy',
        photographyOptOut: true,
      }),
    ]);
    expect(data.waivers).toHaveLength(4);
    expect(data.waivers).toContainEqual(
      expect.objectContaining({
        participant: 1,
        childId: f.max,
        document: 'photography-release',
        signedName: 'Eleanor Whitfield',
      }),
    );
    const signed = (await t.eventStore.readAll()).filter((e) => e.type === 'WaiverSigned');
    expect(signed).toHaveLength(4);

    const page = await t.account(f.cookie, position);
    expect(page.bookings).toEqual([
      expect.objectContaining({
        enrollmentId,
        upcoming: true,
        amountCents: 50_000,
        status: 'pending',
        bookingPath: expect.stringMatching(/^\/booking\//),
        // Not paid yet: no "Paid" line.
        payments: [],
      }),
    ]);
    expect(page.children.every((c) => c.waivers.every((w) => w.current))).toBe(true);
    expect(page.signatures).toHaveLength(4);
  });

  it('given a child without a current signature, when enrolled in the camp without one, then 400 naming that child’s signature field and nothing is enrolled; a workshop of the base form asks none', async () => {
    t = await makeAccountApp();
    const f = await family();
    const before = await t.eventStore.headPosition();

    const res = await enroll(f.cookie, { childIds: [f.lily], totalPrice: CAMP_PRICE });

    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      issues: [
        { path: 'signatures.0.signedName', message: expect.stringMatching(/sign the Code of Conduct for Lily/) },
      ],
    });
    expect(await t.eventStore.headPosition()).toBe(before);
    // Workshop 6 is an adult dinner: the base form, no signatures.
    const adult = await enroll(f.cookie, { childIds: [f.lily], totalPrice: 150 }, '6');
    expect(adult.status, await adult.clone().text()).toBe(201);
  });

  it('given a signature for this year’s version, when the school publishes a new version of the code of conduct, then the next enrollment asks for a new signature, and takes one', async () => {
    t = await makeAccountApp();
    const f = await family();
    const signed = await t.call('POST', '/api/account/waivers', {
      cookie: f.cookie,
      body: { signatures: [{ childId: f.lily, signedName: 'Eleanor Whitfield' }], agree: true },
    });
    expect(signed.status).toBe(200);
    expect((await enroll(f.cookie, { childIds: [f.lily], totalPrice: CAMP_PRICE })).status).toBe(201);

    t.deps.waivers = {
      ...CURRENT_WAIVERS,
      'code-of-conduct': { ...CURRENT_WAIVERS['code-of-conduct'], version: '2', date: '2025-05-20' },
    };
    const asked = await enroll(f.cookie, { childIds: [f.lily], totalPrice: CAMP_PRICE }, '2');
    expect(asked.status).toBe(400);
    expect(await asked.json()).toMatchObject({ issues: [{ path: 'signatures.0.signedName' }] });
    const page = await t.account(f.cookie);
    expect(page.children.find((c) => c.id === f.lily)!.waivers).toEqual([
      expect.objectContaining({ document: 'code-of-conduct', version: '2', signedVersion: '1', current: false }),
      expect.objectContaining({ document: 'photography-release', current: true }),
    ]);

    const again = await enroll(
      f.cookie,
      {
        childIds: [f.lily],
        signatures: [{ childId: f.lily, signedName: 'Eleanor Whitfield' }],
        totalPrice: CAMP_PRICE,
      },
      '2',
    );
    expect(again.status, await again.clone().text()).toBe(201);
    const data = await submitted(((await again.json()) as EnrollmentResponse).enrollmentId);
    expect(data.waivers).toContainEqual(expect.objectContaining({ document: 'code-of-conduct', version: '2' }));
    // Only the document whose version changed was signed again.
    const signatures = (await t.eventStore.readAll()).filter((e) => e.type === 'WaiverSigned').map((e) => e.data);
    expect(signatures).toHaveLength(3);
  });

  it('given a child id of another household, when enrolled or changed with it, then 404 and nothing is recorded', async () => {
    t = await makeAccountApp();
    const mine = await family();
    const theirs = await family();
    const before = await t.eventStore.headPosition();

    const enrolled = await enroll(mine.cookie, {
      childIds: [theirs.lily],
      signatures: [{ childId: theirs.lily, signedName: 'Eleanor Whitfield' }],
      totalPrice: CAMP_PRICE,
    });
    const changed = await t.call('PUT', `/api/account/children/${theirs.lily}`, {
      cookie: mine.cookie,
      body: child({ name: 'Stolen Name' }),
    });
    const removed = await t.call('DELETE', `/api/account/children/${theirs.lily}`, { cookie: mine.cookie });
    const signedFor = await t.call('POST', '/api/account/waivers', {
      cookie: mine.cookie,
      body: { signatures: [{ childId: theirs.lily, signedName: 'X Y Z' }], agree: true },
    });

    const theirParent = (await t.account(theirs.cookie)).you.parentId;
    const parentRemoved = await t.call('DELETE', `/api/account/parents/${theirParent}`, { cookie: mine.cookie });
    expect(parentRemoved.status).toBe(404);
    for (const res of [enrolled, changed, removed, signedFor]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        code: 'not_found',
        error: 'We could not find that child in your family account.',
      });
    }
    expect(await t.eventStore.headPosition()).toBe(before);
    const theirPage = await t.account(theirs.cookie);
    expect(theirPage.children.map((c) => c.name)).toContain('Lily Whitfield');
  });

  it('given no session, when enrolling with childIds, then 401; from another site, then 403', async () => {
    t = await makeAccountApp();
    const f = await family();
    const none = await t.call('POST', `/api/enroll/workshop/${CAMP}`, {
      body: { childIds: [f.lily], agreeToTerms: true, totalPrice: CAMP_PRICE },
    });
    expect(none.status).toBe(401);
    const crossSite = await enroll(f.cookie, { childIds: [f.lily], totalPrice: CAMP_PRICE }).then(() =>
      t.app.request(`/api/enroll/workshop/${CAMP}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: f.cookie,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
        body: JSON.stringify({ childIds: [f.lily], agreeToTerms: true, totalPrice: CAMP_PRICE }),
      }),
    );
    expect(crossSite.status).toBe(403);
  });

  it('given a removed child, then its id is refused in the next enrollment (404) while the booking made before keeps it', async () => {
    t = await makeAccountApp();
    const f = await family();
    const first = await enroll(f.cookie, {
      childIds: [f.max],
      signatures: [{ childId: f.max, signedName: 'Eleanor Whitfield' }],
      totalPrice: CAMP_PRICE,
    });
    expect(first.status).toBe(201);
    expect((await t.call('DELETE', `/api/account/children/${f.max}`, { cookie: f.cookie })).status).toBe(200);

    const again = await enroll(f.cookie, { childIds: [f.max], totalPrice: CAMP_PRICE }, '2');
    expect(again.status).toBe(404);
    const rows = (await roster()).rows;
    expect(rows.map((r) => r.name)).toEqual(['Max Whitfield']);
  });
});

describe('rosters read the family as it is now', () => {
  it('given an enrollment with saved children, when the parent adds an allergy afterwards, then the upcoming roster, its CSV and the enrollment in full show it, and the details as enrolled stay in the event and beside them', async () => {
    t = await makeAccountApp();
    const f = await family();
    const res = await enroll(f.cookie, {
      childIds: [f.lily],
      signatures: [{ childId: f.lily, signedName: 'Eleanor Whitfield' }],
      totalPrice: CAMP_PRICE,
    });
    const { enrollmentId } = (await res.json()) as EnrollmentResponse;
    expect((await roster()).rows[0]).toMatchObject({
      name: 'Lily Whitfield',
      dietaryRestrictions: '',
      childId: f.lily,
    });

    const updated = await t.call('PUT', `/api/account/children/${f.lily}`, {
      cookie: f.cookie,
      body: child({
        hasDietaryRestrictions: true,
        dietaryRestrictions: 'Tree nut allergy (EpiPen)',
        medicalNotes: 'Asthma inhaler',
      }),
    });
    expect(updated.status).toBe(200);

    const row = (await roster()).rows[0]!;
    expect(row).toMatchObject({
      name: 'Lily Whitfield',
      age: 8,
      dietaryRestrictions: 'Tree nut allergy (EpiPen)',
      medicalNotes: 'Asthma inhaler',
      pickupAdults: [
        { name: 'Eleanor Whitfield', relationship: 'Parent' },
        { name: 'Ruth Porter', relationship: 'Grandmother', phone: '9725550102' },
      ],
    });
    expect(row.waivers.map((w) => [w.document, w.current, w.signedName])).toEqual([
      ['code-of-conduct', true, 'Eleanor Whitfield'],
      ['photography-release', true, 'Eleanor Whitfield'],
    ]);
    const csv = await (await adminCall(t.app, 'GET', `/api/admin/workshops/${CAMP}/roster.csv`)).text();
    expect(csv).toContain('Tree nut allergy (EpiPen)');
    expect(csv).toContain('Code of Conduct: signed');

    const record = (await (
      await adminCall(t.app, 'GET', `/api/admin/enrollments/${enrollmentId}`)
    ).json()) as AdminEnrollmentDetail;
    expect(record.participantDetails![0]).toMatchObject({ dietaryRestrictions: 'Tree nut allergy (EpiPen)' });
    expect(record.participantDetailsAsEnrolled![0]).toMatchObject({ dietaryRestrictions: '' });
    expect((await submitted(enrollmentId)).form.participantDetails![0]).toMatchObject({ dietaryRestrictions: '' });
  });

  it('given a booking sent the specification’s way (no account), then it records the code of conduct and the photography release in the contact’s name for each child, and the roster shows them', async () => {
    t = await makeAccountApp();
    const res = await t.call('POST', `/api/enroll/workshop/${CAMP}`, {
      body: { ...strictForm(), totalPrice: CAMP_PRICE },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const data = await submitted(((await res.json()) as EnrollmentResponse).enrollmentId);
    expect(data.waivers).toEqual([
      expect.objectContaining({
        participant: 0,
        document: 'code-of-conduct',
        signedName: 'Eleanor Whitfield',
        version: '1',
      }),
      expect.objectContaining({ participant: 0, document: 'photography-release', signedName: 'Eleanor Whitfield' }),
    ]);
    const row = (await roster()).rows[0]!;
    expect(row.childId).toBeNull();
    expect(row.waivers.every((w) => w.current && w.signedName === 'Eleanor Whitfield')).toBe(true);
    expect(row.pickupAdults).toEqual([{ name: 'Eleanor Whitfield', relationship: 'Parent', phone: '9725550100' }]);
  });
});

describe('who collected each child', () => {
  it('given a child on the roster, when collected by an adult on the list, then recorded at once; a name not on it is refused until confirmed, then flagged in the history', async () => {
    let now = BEFORE_SPEC_SEASON;
    t = await makeAccountApp({ clock: () => now });
    const f = await family();
    const res = await enroll(f.cookie, {
      childIds: [f.lily, f.max],
      signatures: [
        { childId: f.lily, signedName: 'Eleanor Whitfield' },
        { childId: f.max, signedName: 'Eleanor Whitfield' },
      ],
      totalPrice: 2 * CAMP_PRICE,
    });
    const { enrollmentId } = (await res.json()) as EnrollmentResponse;
    await t.settle();
    // The camp's first day: pick-up is recorded from then.
    const camp = (await (await t.app.request(`/api/workshops/${CAMP}`)).json()) as Workshop;
    now = new Date(Date.parse(camp.sessions[0]!.startsAt) - 2 * 3_600_000);
    const collect = (body: Record<string, unknown>) =>
      adminCall(t.app, 'POST', `/api/admin/workshops/${CAMP}/collected`, { body: { enrollmentId, ...body } });

    const grandmother = await collect({ participant: 0, collectedBy: '  ruth   PORTER ' });
    expect(grandmother.status).toBe(200);
    expect(await grandmother.json()).toMatchObject({
      collected: { by: 'Ruth Porter', relationship: 'Grandmother', onList: true },
    });

    const stranger = await collect({ participant: 1, collectedBy: 'Tom Stranger' });
    expect(stranger.status).toBe(409);
    expect(await stranger.json()).toMatchObject({ code: 'not_on_pickup_list', issues: [{ path: 'collectedBy' }] });
    const confirmed = await collect({ participant: 1, collectedBy: 'Tom Stranger', confirmNotOnList: true });
    expect(confirmed.status).toBe(200);

    const rows = (await roster()).rows;
    expect(rows.map((r) => [r.name, r.collected?.by, r.collected?.onList])).toEqual([
      ['Lily Whitfield', 'Ruth Porter', true],
      ['Max Whitfield', 'Tom Stranger', false],
    ]);
    const history = await (await adminCall(t.app, 'GET', `/api/admin/enrollments/${enrollmentId}/history`)).json();
    expect(JSON.stringify(history)).toContain('Max Whitfield collected by Tom Stranger, who is NOT on the family');
  });
});

describe('the household: second parent, details offered by a booking, and the export', () => {
  it('given a parent who invites the second parent, when that address signs in and presses "Join", then it joins the same household; either can remove the other, whose sessions end', async () => {
    t = await makeAccountApp({ reactors: true });
    const f = await family();
    const second = nextParentEmail('second');
    const invited = await t.call('POST', '/api/account/parents', { cookie: f.cookie, body: { email: second } });
    expect(invited.status, await invited.clone().text()).toBe(201);
    await signInMailsSent(t.deps);
    // The family's parent is told (a stolen session cannot add a parent unseen), once, by a reactor
    // where the effects run; the invited address gets its link, naming the family and the parent
    // who invited (issue 36 item 1).
    const notices = () =>
      t.mailer.sent.filter(
        (m) =>
          m.to === f.email &&
          m.subject === 'A second parent was invited to share the family page at Great Lakes Etiquette',
      );
    await t.settle();
    expect(notices()).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.to === second).at(-1)?.subject).toBe(
      'The Whitfield family invited you to their family page',
    );

    const cookie2 = await t.join(second, (await t.account(f.cookie)).householdId);
    const page2 = await t.account(cookie2);
    const page1 = await t.account(f.cookie);
    expect(page2.householdId).toBe(page1.householdId);
    expect(page2.children.map((c) => c.name).sort()).toEqual(['Lily Whitfield', 'Max Whitfield']);
    expect(page1.parents.map((p) => [p.email, p.status])).toEqual([
      [f.email, 'active'],
      [second, 'active'],
    ]);

    const them = page2.parents.find((p) => !p.you)!;
    expect((await t.call('DELETE', `/api/account/parents/${them.parentId}`, { cookie: cookie2 })).status).toBe(200);
    expect((await t.call('GET', '/api/account', { cookie: f.cookie })).status).toBe(401);
    // Signing in again, the removed address opens a family page of its own.
    const back = await t.account(await t.signIn(f.email));
    expect(back.householdId).not.toBe(page2.householdId);
    expect(back.children).toEqual([]);
  });

  it('given a booking whose parent ticked "Save these details" without an account, when that address first signs in, then the family page offers its children, and adds them only when accepted', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const booked = await t.call('POST', `/api/enroll/workshop/${CAMP}`, {
      body: { ...strictForm({ email, saveToFamilyAccount: true }), totalPrice: CAMP_PRICE },
    });
    expect(booked.status).toBe(201);
    const { enrollmentId } = (await booked.json()) as EnrollmentResponse;
    await t.settle();

    const cookie = await t.signIn(email);
    const page = await t.account(cookie);
    expect(page.children).toEqual([]);
    expect(page.suggestions).toEqual([expect.objectContaining({ enrollmentId, names: ['Lily Whitfield'] })]);

    const taken = await t.call('POST', `/api/account/imports/${enrollmentId}`, { cookie, body: {} });
    expect(taken.status).toBe(200);
    const after = await t.account(cookie, ((await taken.json()) as { position: string }).position);
    expect(after.children).toEqual([
      expect.objectContaining({ name: 'Lily Whitfield', dateOfBirth: null, grade: '3rd' }),
    ]);
    expect(after.details).toMatchObject({ firstName: 'Eleanor', emergencyContact1Name: 'James Whitfield' });
    expect(after.suggestions).toEqual([]);

    // Another family cannot take them in, even knowing the booking's id.
    const other = await t.signIn(nextParentEmail());
    expect((await t.call('POST', `/api/account/imports/${enrollmentId}`, { cookie: other, body: {} })).status).toBe(
      404,
    );
  });

  it('given a family with children, signatures and a booking, when it asks for its data, then the export holds the parents, children, details, signatures, bookings, the e-mails sent and the open sessions', async () => {
    t = await makeAccountApp({ reactors: true });
    const f = await family();
    const camp = await enroll(f.cookie, {
      childIds: [f.lily],
      signatures: [{ childId: f.lily, signedName: 'Eleanor Whitfield' }],
      totalPrice: CAMP_PRICE,
    });
    // Workshop 10 is free: confirmed at once, and its confirmation e-mailed.
    const free = await enroll(f.cookie, { childIds: [f.max], totalPrice: 0 }, '10');
    expect([camp.status, free.status]).toEqual([201, 201]);
    await t.call('POST', '/api/account/sign-in', { body: { email: f.email } });
    await signInMailsSent(t.deps);
    await t.settle();

    const exported = await t.call('GET', '/api/account/export', { cookie: f.cookie });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment/);
    const data = (await exported.json()) as AccountExport;
    expect(data.parents).toEqual([expect.objectContaining({ email: f.email, status: 'active' })]);
    expect(data.children.map((c) => c.name)).toEqual(['Lily Whitfield', 'Max Whitfield']);
    expect(data.details).toMatchObject({
      firstName: 'Eleanor',
      pickupAdults: [expect.objectContaining({ name: 'Ruth Porter' })],
    });
    expect(data.signatures).toHaveLength(2);
    expect(data.bookings).toHaveLength(2);
    expect(data.bookings).toContainEqual(
      expect.objectContaining({ email: f.email, householdId: expect.any(String), status: 'completed' }),
    );
    expect(data.emails.map((e) => e.kind).sort()).toEqual(['confirmation', 'sign-in link']);
    expect(data.signIns).toHaveLength(1);
    expect(data.sessions).toHaveLength(1);
  });

  it('given a child with a bad date of birth or a missing school, when saved, then 400 naming each field', async () => {
    t = await makeAccountApp();
    const cookie = await t.signIn(nextParentEmail());
    const res = await t.call('POST', '/api/account/children', {
      cookie,
      body: { name: 'Ava', dateOfBirth: '2017-02-30', grade: '2nd', school: '', hasDietaryRestrictions: true },
    });
    expect(res.status).toBe(400);
    const paths = ((await res.json()) as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['dateOfBirth', 'school', 'dietaryRestrictions']));
    const future = await t.call('POST', '/api/account/children', {
      cookie,
      body: child({ dateOfBirth: '2030-01-01' }),
    });
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({ issues: [{ path: 'dateOfBirth' }] });
  });
});
