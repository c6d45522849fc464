import { afterEach, describe, expect, it } from 'vitest';
import { makeAccountApp, household, child, type AccountTestApp } from '../service/account/support.js';
import { baseForm, strictForm } from '../support/enrollment-forms.js';
import { bookingLinksFor } from '../../service/enrollment/after-sale/booking-link.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import { ADMIN_KEY } from '../service/admin/support.js';

/**
 * Issue 36, item 9: a name made only of zero-width or invisible characters was accepted, and shows
 * as nothing on rosters and pick-up lists. Everywhere a person's name is taken, a name with no
 * visible letter is refused: 400 naming the field, and nothing recorded.
 */
let t: AccountTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Zero-width space, non-joiner and joiner, word joiner, BOM, soft hyphen, Hangul fillers, braille blank. */
const INVISIBLE = [
  '\u200B\u200B\u200B',
  '\u200C\u200D\u2060',
  '\uFEFF\u00AD\u200B',
  '\u3164\u3164',
  '\u115F\u1160\uFFA0',
  '\u2800\u2800\u2800',
  '\u200B \u200B',
];
const ZW = INVISIBLE[0]!;

interface Probe {
  what: string;
  method: string;
  path: string;
  body: unknown;
  field: string;
  headers?: Record<string, string>;
}

const admin = { 'Admin-Key': ADMIN_KEY };

/** A stricter form for two children, the second named `name` in its own details. */
const twoChildren = (name: string) => {
  const form = strictForm({ participants: 2 });
  return { ...form, participantDetails: form.participantDetails!.map((d, i) => (i === 1 ? { ...d, name } : d)) };
};

describe('a name must have a visible letter', () => {
  it('given names of invisible characters only, in every place a person’s name is taken, then each is 400 naming its field and nothing is recorded', async () => {
    t = await makeAccountApp();
    const cookie = await t.signIn('eleanor.whitfield@example.com');
    // A free booking (workshop 10), for its link's participant corrections.
    const free = await t.call('POST', '/api/enroll/workshop/10', { body: { ...baseForm(), totalPrice: 0 } });
    expect(free.status, await free.clone().text()).toBe(201);
    const { enrollmentId } = (await free.json()) as EnrollmentResponse;
    const token = bookingLinksFor(t.deps.config)!.token(enrollmentId);
    const withCookie = { cookie };

    const probes: Probe[] = [
      ...INVISIBLE.map((name) => ({
        what: `enrollment first name ${JSON.stringify(name)}`,
        method: 'POST',
        path: '/api/enroll/workshop/8',
        body: { ...strictForm({ firstName: name }), totalPrice: 150 },
        field: 'firstName',
      })),
      ...(
        [
          ['lastName', strictForm({ lastName: ZW })],
          ['studentName', strictForm({ studentName: ZW })],
          ['emergencyContact1Name', strictForm({ emergencyContact1Name: ZW })],
          ['emergencyContact2Name', strictForm({ emergencyContact2Name: ZW })],
          ['parent2Name', strictForm({ parent2Name: ZW })],
          ['participantDetails.1.name', twoChildren(ZW)],
        ] as const
      ).map(([field, form]) => ({
        what: `enrollment ${field}`,
        method: 'POST',
        path: '/api/enroll/workshop/8',
        body: { ...form, totalPrice: 150 * Number(form.participants) },
        field,
      })),
      {
        what: 'base enrollment participant names',
        method: 'POST',
        path: '/api/enroll/workshop/10',
        body: { ...baseForm({ participants: 2, participantNames: `Ann Lee, ${ZW}` }), totalPrice: 0 },
        field: 'participantNames',
      },
      {
        what: 'test page enrollment',
        method: 'POST',
        path: '/api/enroll/program/1',
        body: { ...baseForm({ lastName: ZW }), totalPrice: 0 },
        field: 'lastName',
      },
      {
        what: 'participant details corrected from the booking link',
        method: 'PATCH',
        path: `/api/bookings/${token}`,
        body: { participantDetails: [{ name: ZW }] },
        field: 'participantDetails.0.name',
      },
      {
        what: 'household parent',
        method: 'PUT',
        path: '/api/account/household',
        body: household({ firstName: ZW }),
        field: 'firstName',
        headers: withCookie,
      },
      {
        what: 'household pick-up adult',
        method: 'PUT',
        path: '/api/account/household',
        body: household({ pickupAdults: [{ name: ZW, relationship: 'Aunt', phone: '9725550111' }] }),
        field: 'pickupAdults.0.name',
        headers: withCookie,
      },
      {
        what: 'household emergency contact',
        method: 'PUT',
        path: '/api/account/household',
        body: household({ emergencyContact2Name: ZW }),
        field: 'emergencyContact2Name',
        headers: withCookie,
      },
      {
        what: 'saved child',
        method: 'POST',
        path: '/api/account/children',
        body: child({ name: ZW }),
        field: 'name',
        headers: withCookie,
      },
      {
        what: 'waiver signature',
        method: 'POST',
        path: '/api/account/waivers',
        body: { signatures: [{ childId: 'child-1', signedName: `${ZW}${ZW}` }], agree: true },
        field: 'signatures.0.signedName',
        headers: withCookie,
      },
      ...(['recipientName', 'purchaserName'] as const).map((field) => ({
        what: `gift card ${field}`,
        method: 'POST',
        path: '/api/gift-cards',
        body: {
          amountCents: 5_000,
          recipientName: 'Ruth Porter',
          recipientEmail: 'ruth@example.com',
          purchaserName: 'Eleanor Whitfield',
          purchaserEmail: 'eleanor@example.com',
          [field]: ZW,
        },
        field,
      })),
      {
        what: 'contact message',
        method: 'POST',
        path: '/api/contact',
        body: { fullname: ZW, email: 'someone@example.com', message: 'Hello there' },
        field: 'fullname',
      },
      {
        what: 'consultation request',
        method: 'POST',
        path: '/api/consultation',
        body: { name: ZW, email: 'someone@example.com', preferredDate: 'Next Tuesday', discussionTopic: 'Dining' },
        field: 'name',
      },
      ...(['firstName', 'lastName'] as const).map((field) => ({
        what: `waitlist ${field}`,
        method: 'POST',
        path: '/api/workshops/8/waitlist',
        body: {
          firstName: 'Eleanor',
          lastName: 'Whitfield',
          email: 'eleanor@example.com',
          phone: '9725550100',
          participants: 1,
          [field]: ZW,
        },
        field,
      })),
      {
        what: 'adult collecting a child',
        method: 'POST',
        path: '/api/admin/workshops/10/collected',
        body: { enrollmentId, participant: 0, collectedBy: `${ZW}${ZW}` },
        field: 'collectedBy',
        headers: admin,
      },
      {
        what: 'administrator',
        method: 'POST',
        path: '/api/admin/administrators',
        body: { name: ZW, email: 'mona@example.com' },
        field: 'name',
        headers: admin,
      },
    ];

    await t.settle();
    const before = await t.eventStore.headPosition();
    const accepted: string[] = [];
    for (const probe of probes) {
      const r = await t.call(probe.method, probe.path, { body: probe.body, headers: probe.headers });
      const answer = (await r.json()) as { code?: string; issues?: { path: string; message: string }[] };
      const issue = answer.issues?.find((i) => i.path === probe.field);
      if (r.status !== 400 || !issue || !/letter/.test(issue.message))
        accepted.push(`${probe.what}: ${r.status} ${JSON.stringify(answer).slice(0, 300)}`);
    }
    expect(accepted).toEqual([]);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given real names in other scripts, with marks or a joiner, then they are taken', async () => {
    t = await makeAccountApp();
    for (const name of ['Zoë Ångström', '李小龍', 'Анна', 'नमस्ते', 'O’Brien-Smith', 'Jo\u200Dhn']) {
      const r = await t.call('POST', '/api/contact', {
        body: { fullname: name, email: 'someone@example.com', message: 'Hello there' },
      });
      expect(r.status, `${name}: ${await r.clone().text()}`).toBe(201);
    }
  });
});
