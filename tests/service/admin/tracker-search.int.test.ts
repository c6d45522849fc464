import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from './support.js';
import { confirmed, form, paid, record, submitted } from '../../support/enrollment-events.js';
import type { AdminEnrollmentDetail, AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { EnrollmentFormData } from '../../../contracts/enrollment/form.js';

let t: TestApp;
afterEach(() => t?.close());

/** A submission to workshop `workshopId` by this family. */
function submittedBy(id: string, family: Partial<EnrollmentFormData>, workshopId = '6'): EnrollmentEvent {
  const e = submitted(id, { participants: family.participantDetails?.length ?? 1 });
  if (e.type !== 'EnrollmentSubmitted') throw new Error('unreachable');
  return {
    ...e,
    data: {
      ...e.data,
      workshopId,
      item: { ...e.data.item, id: workshopId, title: workshopId === '6' ? e.data.item.title : 'Princess Tea Party' },
      form: form({ participants: family.participantDetails?.length ?? 1, ...family }),
    },
  };
}

const child = (name: string, dietaryRestrictions = '') => ({
  name,
  age: 9,
  grade: '4th',
  school: 'Hedgcoxe Elementary',
  hasDietaryRestrictions: dietaryRestrictions !== '',
  dietaryRestrictions,
  photographyConsent: true,
  allowNameWithPhoto: false,
  photographyOptOut: false,
});

/**
 * Three families: the Whitfields (two children, a second parent) at the dinner, paid; the
 * Okafors at the tea party; Ada Lovelace (no child named) at the dinner.
 */
async function givenFamilies(): Promise<string> {
  await record(t.eventStore, 'whitfield', [
    {
      event: submittedBy('whitfield', {
        firstName: 'Eleanor',
        lastName: 'Whitfield',
        email: 'Eleanor.Whitfield@Example.com',
        phone: '(972) 555-0100',
        parent2Name: 'James Whitfield',
        parent2Email: 'james.w@example.org',
        parent2Phone: '972.555.0111',
        emergencyContact1Name: 'Ruth Porter',
        emergencyContact1Phone: '9725550102',
        emergencyContact1Relationship: 'Grandmother',
        specialRequirements: 'Theo uses an inhaler.',
        referralSource: 'friend',
        participantDetails: [child('Lily Whitfield'), child('Theo Whitfield', 'No peanuts')],
      }),
      actor: 'visitor',
    },
    { event: paid('whitfield', 30_000), actor: 'provider' },
    { event: confirmed('whitfield', 30_000), actor: 'system' },
  ]);
  await record(t.eventStore, 'okafor', [
    {
      event: submittedBy(
        'okafor',
        {
          firstName: 'Ngozi',
          lastName: 'Okafor',
          email: 'ngozi@example.net',
          phone: '214-555-0177',
          participantDetails: [child('Chidi Okafor')],
        },
        '1',
      ),
      actor: 'visitor',
    },
  ]);
  return (await record(t.eventStore, 'ada', [{ event: submittedBy('ada', {}), actor: 'visitor' }])).toString();
}

const list = async (query: string) => {
  const res = await adminCall(t.app, 'GET', `/api/admin/enrollments${query}`);
  expect(res.status).toBe(200);
  return { rows: (await res.json()) as AdminEnrollmentRecord[], total: Number(res.headers.get('X-Total-Count')) };
};

describe('tracker search by person', () => {
  it('given three families, when searching by a whole e-mail in another case, then only that family is found', async () => {
    t = await makeTestApp();
    const position = await givenFamilies();
    const ids = async (q: string) =>
      (await list(`?minPosition=${position}&q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);
    expect(await ids('eleanor.whitfield@example.com')).toEqual(['whitfield']);
    expect(await ids('NGOZI@EXAMPLE.NET')).toEqual(['okafor']);
    // The second parent's address, and part of an address, are found as well.
    expect(await ids('james.w@example.org')).toEqual(['whitfield']);
    expect(await ids('@example.net')).toEqual(['okafor']);
    expect(await ids('nobody@example.com')).toEqual([]);
  });

  it('given three families, when searching by the parent surname or full name, then only that family is found', async () => {
    t = await makeTestApp();
    const position = await givenFamilies();
    const ids = async (q: string) =>
      (await list(`?minPosition=${position}&q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);
    expect(await ids('okafor')).toEqual(['okafor']);
    expect(await ids('Ada Lovelace')).toEqual(['ada']);
    expect(await ids('lovelace')).toEqual(['ada']);
  });

  it("given three families, when searching by a child's name, then only that child's enrollment is found", async () => {
    t = await makeTestApp();
    const position = await givenFamilies();
    const ids = async (q: string) =>
      (await list(`?minPosition=${position}&q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);
    expect(await ids('theo')).toEqual(['whitfield']);
    expect(await ids('Chidi Okafor')).toEqual(['okafor']);
    expect(await ids('Lily')).toEqual(['whitfield']);
  });

  it('given three families, when searching by a phone written another way, then its digits find that family', async () => {
    t = await makeTestApp();
    const position = await givenFamilies();
    const ids = async (q: string) =>
      (await list(`?minPosition=${position}&q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);
    expect(await ids('972-555-0100')).toEqual(['whitfield']);
    expect(await ids('(214) 555 0177')).toEqual(['okafor']);
    expect(await ids('9725550111')).toEqual(['whitfield']);
  });

  it("given three families, when the tracker lists them, then the student column's names are the participants", async () => {
    t = await makeTestApp();
    const position = await givenFamilies();
    const { rows } = await list(`?minPosition=${position}`);
    const names = Object.fromEntries(rows.map((r) => [r.id, r.participantNames]));
    expect(names).toEqual({
      whitfield: ['Lily Whitfield', 'Theo Whitfield'],
      okafor: ['Chidi Okafor'],
      // No child named: the contact person is the participant, as on the order.
      ada: ['Ada Lovelace'],
    });
    // The list stays light: no form, no details, no search keys.
    expect(Object.keys(rows[0]!)).not.toEqual(expect.arrayContaining(['contact']));
    expect(JSON.stringify(rows)).not.toMatch(/phoneDigits|participantText|parentName|Ruth Porter/);
  });
});

describe('tracker workshop filter', () => {
  it('given enrollments in two workshops, when filtered by one, then the list, its total and its export hold only that one', async () => {
    t = await makeTestApp();
    const position = await givenFamilies();
    const dinner = await list(`?minPosition=${position}&workshopId=6`);
    expect(dinner.rows.map((r) => r.id)).toEqual(['ada', 'whitfield']);
    expect(dinner.total).toBe(2);
    const tea = await list(`?minPosition=${position}&workshopId=1`);
    expect(tea.rows.map((r) => r.id)).toEqual(['okafor']);
    // With a search and a tab together.
    expect((await list(`?workshopId=6&q=whitfield&status=completed`)).rows.map((r) => r.id)).toEqual(['whitfield']);
    expect((await list(`?workshopId=6&q=eleanor.whitfield%40example.com&status=pending`)).rows).toEqual([]);
    expect((await list(`?workshopId=1&q=eleanor.whitfield%40example.com`)).rows).toEqual([]);

    const csv = await adminCall(t.app, 'GET', `/api/admin/enrollments/export.csv?workshopId=6`);
    // A byte order mark first: Excel on Windows then reads the names as UTF-8 (fetch's text() drops it).
    expect([...new Uint8Array(await csv.clone().arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const ids = (await csv.text())
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(ids).toEqual(['ada', 'whitfield']);
  });

  it('given a workshop id that is not one, then 400 naming workshopId', async () => {
    t = await makeTestApp();
    const res = await adminCall(t.app, 'GET', '/api/admin/enrollments?workshopId=bad%20id!');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^workshopId/);
  });
});

describe('the enrollment in full', () => {
  it('given a family enrollment, when it is opened, then every field submitted, each participant and the payment are there', async () => {
    t = await makeTestApp();
    const position = await givenFamilies();
    const res = await adminCall(t.app, 'GET', `/api/admin/enrollments/whitfield?minPosition=${position}`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as AdminEnrollmentDetail;
    expect(detail.contact).toEqual({
      phone: '(972) 555-0100',
      parent2Name: 'James Whitfield',
      parent2Email: 'james.w@example.org',
      parent2Phone: '972.555.0111',
      emergencyContact1Name: 'Ruth Porter',
      emergencyContact1Phone: '9725550102',
      emergencyContact1Relationship: 'Grandmother',
      emergencyContact2Name: '',
      emergencyContact2Phone: '',
      emergencyContact2Relationship: '',
      specialRequirements: 'Theo uses an inhaler.',
      referralSource: 'friend',
      agreeToTerms: true,
      agreeToCodeOfConduct: false,
    });
    expect(detail.participantDetails?.map((p) => [p.name, p.dietaryRestrictions])).toEqual([
      ['Lily Whitfield', ''],
      ['Theo Whitfield', 'No peanuts'],
    ]);
    expect([detail.amount, detail.paidAmount, detail.refundedAmount, detail.paymentStatus]).toEqual([
      300,
      300,
      0,
      'paid',
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/phoneDigits|participantText|parentName|"seq"/);
  });
});
