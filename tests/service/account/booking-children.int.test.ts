import { afterEach, describe, expect, it } from 'vitest';
import type { AdminEnrollmentDetail } from '../../../contracts/admin/enrollments.js';
import type { Roster } from '../../../contracts/admin/roster.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { householdStream } from '../../../contracts/account/events.js';
import { adminCall } from '../admin/support.js';
import { baseForm, strictForm } from '../../support/enrollment-forms.js';
import { nextParentEmail } from '../../support/visitors.js';
import { child, household, makeAccountApp, type AccountTestApp } from './support.js';

/**
 * Issue 37 item 2: a booking made as a guest before the family account existed joins the family
 * record once its contact, signed in with the booking's address, confirms which children are theirs.
 * Offered, never matched unasked; rosters then read the children's safety details and the family's
 * pick-up list; the family page starts from what the booking gave.
 */

/** Workshop 1: a summer camp ($250 a child) on Monday, June 23, 2025: the stricter form. */
const CAMP = '1';
const CAMP_PRICE = 250;
const FREE = '10';

let t: AccountTestApp;
afterEach(async () => {
  await t?.close();
});

/** A booking typed as a guest, with no account: Lily Whitfield, no allergy, the contact the only adult named to collect her. */
async function guestBooking(email: string, participants = 1): Promise<string> {
  const res = await t.call('POST', `/api/enroll/workshop/${CAMP}`, {
    body: { ...strictForm({ email, participants }), totalPrice: CAMP_PRICE * participants },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  await t.settle();
  return ((await res.json()) as EnrollmentResponse).enrollmentId;
}

async function roster(workshopId = CAMP): Promise<Roster> {
  await t.settle();
  const res = await adminCall(t.app, 'GET', `/api/admin/workshops/${workshopId}/roster`);
  expect(res.status).toBe(200);
  return (await res.json()) as Roster;
}

const match = (cookie: string, enrollmentId: string, body: unknown) =>
  t.call('POST', `/api/account/bookings/${enrollmentId}/children`, { cookie, body });

describe('a guest booking on the family page', () => {
  it('given a booking typed as a guest, when its contact first signs in, then the page offers its children and starts the details from the booking, and nothing is saved unasked', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const enrollmentId = await guestBooking(email);

    const page = await t.account(await t.signIn(email));
    expect(page.bookings.map((b) => b.enrollmentId)).toEqual([enrollmentId]);
    expect(page.bookingChildren).toEqual([
      {
        enrollmentId,
        title: expect.any(String),
        date: expect.any(String),
        children: [{ participant: 0, name: 'Lily Whitfield', age: 8, sameNameAs: null }],
      },
    ]);
    expect(page.startingDetails?.details).toMatchObject({
      firstName: 'Eleanor',
      lastName: 'Whitfield',
      phone: '9725550100',
      emergencyContact1Name: 'James Whitfield',
      emergencyContact2Name: 'Ruth Porter',
      pickupAdults: [],
    });
    expect(page.children).toEqual([]);
    expect(page.details.firstName).toBe('');
    const row = (await roster()).rows[0]!;
    expect(row).toMatchObject({ childId: null, dietaryRestrictions: '', medicalNotes: '' });
    expect(row.pickupAdults.map((a) => a.name)).toEqual(['Eleanor Whitfield']);
  });

  it('given a family that saved Lily (an allergy, medical notes) and a pick-up list after her guest booking, when the parent confirms the booking’s Lily is theirs, then the roster and the enrollment in full read her as the family keeps her, with its pick-up list; recorded once, ids only', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const enrollmentId = await guestBooking(email);
    const cookie = await t.signIn(email);
    await t.saveHousehold(cookie);
    const lily = await t.addChild(cookie, {
      hasDietaryRestrictions: true,
      dietaryRestrictions: 'Tree nut allergy (EpiPen)',
      medicalNotes: 'Asthma: carries an inhaler',
    });
    // The saved child of the same name is proposed, for the parent to confirm.
    const offer = (await t.account(cookie)).bookingChildren;
    expect(offer).toEqual([
      expect.objectContaining({ enrollmentId, children: [expect.objectContaining({ sameNameAs: lily })] }),
    ]);
    // Still the booking as typed until then.
    expect((await roster()).rows[0]).toMatchObject({ dietaryRestrictions: '', childId: null });

    const confirmed = await match(cookie, enrollmentId, { matches: [{ participant: 0, childId: lily }] });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);

    const row = (await roster()).rows[0]!;
    expect(row).toMatchObject({
      enrollmentId,
      childId: lily,
      name: 'Lily Whitfield',
      dietaryRestrictions: 'Tree nut allergy (EpiPen)',
      medicalNotes: 'Asthma: carries an inhaler',
    });
    expect(row.pickupAdults).toEqual([
      { name: 'Eleanor Whitfield', relationship: 'Parent', phone: '9725550100' },
      { name: 'Ruth Porter', relationship: 'Grandmother', phone: '9725550102' },
    ]);
    const record = (await (
      await adminCall(t.app, 'GET', `/api/admin/enrollments/${enrollmentId}`)
    ).json()) as AdminEnrollmentDetail;
    expect(record.participantDetails![0]).toMatchObject({
      dietaryRestrictions: 'Tree nut allergy (EpiPen)',
      medicalNotes: 'Asthma: carries an inhaler',
    });
    expect(record.participantDetailsAsEnrolled![0]).toMatchObject({ dietaryRestrictions: '' });

    const page = await t.account(cookie);
    expect(page.bookingChildren).toEqual([]);
    expect(page.suggestions).toEqual([]);
    const events = await t.eventStore.readStream(householdStream(page.householdId));
    const matched = events.filter((e) => e.type === 'BookingChildrenMatched');
    expect(matched.map((e) => e.data)).toEqual([
      {
        householdId: page.householdId,
        enrollmentId,
        matches: [{ participant: 0, childId: lily }],
        by: page.you.parentId,
        matchedAt: expect.any(String),
      },
    ]);
    const again = await match(cookie, enrollmentId, { matches: [{ participant: 0, childId: lily }] });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: expect.stringMatching(/matched already/) });
  });

  it('given a fresh family page, when the parent adds the booking’s child as a new child, then the family starts from the booking: the child as typed and the details filled in, and the roster reads the saved child', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const enrollmentId = await guestBooking(email);
    const cookie = await t.signIn(email);

    const added = await match(cookie, enrollmentId, { add: [0] });
    expect(added.status, await added.clone().text()).toBe(200);
    const page = await t.account(cookie, ((await added.json()) as { position: string }).position);
    expect(page.children).toEqual([
      expect.objectContaining({
        name: 'Lily Whitfield',
        dateOfBirth: null,
        grade: '3rd',
        school: 'Hedgcoxe Elementary',
      }),
    ]);
    expect(page.details).toMatchObject({
      firstName: 'Eleanor',
      lastName: 'Whitfield',
      emergencyContact1Name: 'James Whitfield',
    });
    expect(page.startingDetails).toBeNull();
    expect(page.bookingChildren).toEqual([]);

    // A later change on the family page reaches the class list.
    const lily = page.children[0]!.id;
    const updated = await t.call('PUT', `/api/account/children/${lily}`, {
      cookie,
      body: child({ hasDietaryRestrictions: true, dietaryRestrictions: 'Dairy' }),
    });
    expect(updated.status).toBe(200);
    expect((await roster()).rows[0]).toMatchObject({ childId: lily, dietaryRestrictions: 'Dairy' });
  });

  it('given a booking of two, when one child is matched and the other left out, then only the matched one reads from the family', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const enrollmentId = await guestBooking(email, 2);
    const cookie = await t.signIn(email);
    await t.saveHousehold(cookie, household({ pickupAdults: [] }));
    const lily = await t.addChild(cookie, { hasDietaryRestrictions: true, dietaryRestrictions: 'Peanuts' });
    expect((await match(cookie, enrollmentId, { matches: [{ participant: 0, childId: lily }] })).status).toBe(200);
    const rows = (await roster()).rows;
    expect(rows.map((r) => [r.name, r.childId, r.dietaryRestrictions])).toEqual([
      ['Child 2 Whitfield', null, ''],
      ['Lily Whitfield', lily, 'Peanuts'],
    ]);
  });
});

describe('a matched booking afterwards', () => {
  it('given a matched booking, when the parent corrects a child’s details on the booking page, then the match stays: the roster and the enrollment in full still read the saved child', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    // Workshop 10: a free networking evening, confirmed at once (its details can be corrected).
    const res = await t.call('POST', `/api/enroll/workshop/${FREE}`, {
      body: {
        ...baseForm({ email, participantDetails: [{ name: 'Lily Whitfield' }] }),
        totalPrice: 0,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { enrollmentId } = (await res.json()) as EnrollmentResponse;
    await t.settle();
    const cookie = await t.signIn(email);
    const lily = await t.addChild(cookie, { hasDietaryRestrictions: true, dietaryRestrictions: 'Dairy' });
    expect((await match(cookie, enrollmentId, { matches: [{ participant: 0, childId: lily }] })).status).toBe(200);

    const bookingApi = `/api${(await t.account(cookie)).bookings[0]!.bookingPath!.replace('/booking/', '/bookings/')}`;
    const booking = (await (await t.call('GET', bookingApi)).json()) as { participants: Record<string, unknown>[] };
    const corrected = await t.call('PATCH', bookingApi, {
      body: { participantDetails: [{ ...booking.participants[0], school: 'Haggard Middle' }] },
    });
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    expect((await roster(FREE)).rows[0]).toMatchObject({ childId: lily, dietaryRestrictions: 'Dairy' });
    const record = (await (
      await adminCall(t.app, 'GET', `/api/admin/enrollments/${enrollmentId}`)
    ).json()) as AdminEnrollmentDetail;
    expect(record.participantDetails![0]).toMatchObject({ childId: lily, dietaryRestrictions: 'Dairy' });
  });
});

describe('erasure', () => {
  it('given a guest booking’s child matched and one added from it, when the family erases itself, then no read model keeps the children’s details the match brought, and the match itself named nobody', async () => {
    // With the reactors: the scrub rewrites the read models after the erasure.
    t = await makeAccountApp({ reactors: true });
    const email = nextParentEmail();
    const enrollmentId = await guestBooking(email, 2);
    const cookie = await t.signIn(email);
    const lily = await t.addChild(cookie, {
      hasDietaryRestrictions: true,
      dietaryRestrictions: 'Tree nut allergy (EpiPen)',
      medicalNotes: 'Asthma: carries an inhaler',
    });
    const matched = await match(cookie, enrollmentId, { matches: [{ participant: 0, childId: lily }], add: [1] });
    expect(matched.status, await matched.clone().text()).toBe(200);
    /** Every document of a read model, as text. */
    const docsOf = async (collection: string) =>
      JSON.stringify((await t.deps.readStore.find(collection, {})).items.map((i) => i.doc));
    const before = await docsOf('households');
    expect(before).toContain('Child 2 Whitfield');
    expect(JSON.stringify((await roster()).rows)).toContain('Asthma: carries an inhaler');

    const erased = await t.call('POST', '/api/account/erase', { cookie, body: { cancelUpcoming: true } });
    expect(erased.status, await erased.clone().text()).toBe(202);
    await t.settle();

    const personal = ['Tree nut allergy', 'Asthma: carries an inhaler', 'Child 2 Whitfield', 'Lily Whitfield', email];
    for (const collection of ['households', 'roster', 'enrollments']) {
      const docs = await docsOf(collection);
      for (const value of personal) expect(docs, `${value} in ${collection}`).not.toContain(value);
    }
    const events = (await t.eventStore.readAll()).filter((e) => e.type === 'BookingChildrenMatched');
    expect(events).toHaveLength(1);
    expect(Object.keys(events[0]!.data as object).sort()).toEqual(
      ['by', 'enrollmentId', 'householdId', 'matchedAt', 'matches'].sort(),
    );
  });
});

describe('who may match, and what', () => {
  it('given another family, an unknown child, an index the booking does not have or a child named twice, then 404 or 400 naming the field, and nothing recorded', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const enrollmentId = await guestBooking(email);
    const cookie = await t.signIn(email);
    const lily = await t.addChild(cookie);
    const stranger = await t.signIn(nextParentEmail());
    const theirs = await t.addChild(stranger);

    expect((await match(stranger, enrollmentId, { matches: [{ participant: 0, childId: theirs }] })).status).toBe(404);
    expect((await match(cookie, enrollmentId, { matches: [{ participant: 0, childId: theirs }] })).status).toBe(404);
    expect((await match(cookie, 'no-such-booking', { add: [0] })).status).toBe(404);
    for (const [body, path] of [
      [{ add: [1] }, 'add.0'],
      [{ matches: [{ participant: 3, childId: lily }] }, 'matches.0.participant'],
      [{ matches: [{ participant: 0, childId: lily }], add: [0] }, 'matches'],
      [{ matches: [{ participant: 0, childId: 'x y' }] }, 'matches.0.childId'],
      [{ add: [0], extra: true }, ''],
    ] as const) {
      const r = await match(cookie, enrollmentId, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      const answer = (await r.json()) as { issues?: { path: string }[] };
      if (path) expect(answer.issues?.map((i) => i.path)).toContain(path);
    }
    const page = await t.account(cookie);
    expect(page.bookingChildren.map((b) => b.enrollmentId)).toEqual([enrollmentId]);
    const events = await t.eventStore.readStream(householdStream(page.householdId));
    expect(events.filter((e) => e.type === 'BookingChildrenMatched')).toEqual([]);
  });

  it('given a booking that saved children of the family were enrolled in, then it offers nothing to match', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const cookie = await t.signIn(email);
    await t.saveHousehold(cookie);
    const lily = await t.addChild(cookie);
    const res = await t.call('POST', `/api/enroll/workshop/${CAMP}`, {
      cookie,
      body: {
        agreeToTerms: true,
        childIds: [lily],
        signatures: [{ childId: lily, signedName: 'Eleanor Whitfield' }],
        totalPrice: CAMP_PRICE,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { enrollmentId } = (await res.json()) as EnrollmentResponse;
    await t.settle();
    expect((await t.account(cookie)).bookingChildren).toEqual([]);
    expect((await match(cookie, enrollmentId, { matches: [{ participant: 0, childId: lily }] })).status).toBe(404);
  });
});
