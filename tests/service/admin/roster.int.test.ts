import { afterEach, describe, expect, it } from 'vitest';
import { BEFORE_SPEC_SEASON, makeTestApp, type TestApp } from '../../support/app.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { strictForm } from '../../support/enrollment-forms.js';
import { ADMIN_KEY, adminCall } from './support.js';
import type { Roster, RosterRow } from '../../../contracts/admin/roster.js';
import type { EnrollmentHistory } from '../../../contracts/admin/history.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { EnrollmentFormInput } from '../../../contracts/enrollment/form.js';

/** Workshop 8 is the children's class ($150 a child), which asks each child's details. */
const CHILDREN = '8';

let t: TestApp;
afterEach(async () => {
  await t?.close();
  now = BEFORE_SPEC_SEASON;
});

/** The test's clock: the spring before the season, until a test moves it to a session's day (marks are taken from that day). */
let now = BEFORE_SPEC_SEASON;
const clock = () => now;
/** Two hours before session `session` of the workshop: its day, on the school's clock. */
async function onSessionDay(workshopId: string, session = 1) {
  const w = (await (await t.app.request(`/api/workshops/${workshopId}`)).json()) as Workshop;
  now = new Date(Date.parse(w.sessions[session - 1]!.startsAt) - 2 * 3_600_000);
}

const twoChildren = (o: Partial<EnrollmentFormInput> = {}): EnrollmentFormInput =>
  strictForm({
    participants: 2,
    parent2Name: 'James Whitfield',
    parent2Email: 'james@example.com',
    parent2Phone: '9725550109',
    specialRequirements: 'Lily needs a left-handed seat.',
    participantDetails: [
      {
        name: 'Lily Whitfield',
        age: 8,
        grade: '3rd',
        school: 'Hedgcoxe Elementary',
        hasDietaryRestrictions: true,
        dietaryRestrictions: 'Peanut allergy (EpiPen in bag)',
        photographyConsent: true,
        allowNameWithPhoto: true,
      },
      { name: 'Oscar Whitfield', age: 10, grade: '5th', school: 'Haggard Middle', photographyOptOut: true },
    ],
    ...o,
  });

const PRICES: Record<string, number> = { [CHILDREN]: 150, '7': 80 };

async function enroll(form: EnrollmentFormInput, workshopId = CHILDREN): Promise<string> {
  const res = await t.app.request(`/api/enroll/workshop/${workshopId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...form, totalPrice: PRICES[workshopId]! * Number(form.participants) }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  await t.settle();
  return ((await res.json()) as EnrollmentResponse).enrollmentId;
}

async function roster(workshopId = CHILDREN): Promise<RosterRow[]> {
  const res = await adminCall(t.app, 'GET', `/api/admin/workshops/${workshopId}/roster`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Roster).rows;
}

const mark = (body: unknown, workshopId = CHILDREN) =>
  adminCall(t.app, 'POST', `/api/admin/workshops/${workshopId}/attendance`, { body });

const eventTypes = async (enrollmentId: string) =>
  (await t.eventStore.readStream(`enrollment-${enrollmentId}`)).map((e) => e.type);

describe('workshop roster', () => {
  it('given no Admin-Key or a wrong one, when the roster or its CSV is asked for, then 401 and no names', async () => {
    t = await makeTestApp();
    await enroll(twoChildren());
    for (const path of ['roster', 'roster.csv']) {
      for (const key of [null, 'wrong-key-1234567']) {
        const res = await adminCall(t.app, 'GET', `/api/admin/workshops/${CHILDREN}/${path}`, { key });
        expect(res.status).toBe(401);
        expect(await res.text()).not.toContain('Lily');
      }
    }
    const attendance = await adminCall(t.app, 'POST', `/api/admin/workshops/${CHILDREN}/attendance`, {
      key: null,
      body: { enrollmentId: 'x', participant: 0, present: true },
    });
    expect(attendance.status).toBe(401);
  });

  it('given an unknown workshop, when its roster is asked for, then 404', async () => {
    t = await makeTestApp();
    const res = await adminCall(t.app, 'GET', '/api/admin/workshops/no-such-workshop/roster');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });

  it('given a two-child enrollment, when the roster is read, then each child has a row with their own details and the family’s contacts', async () => {
    t = await makeTestApp();
    const id = await enroll(twoChildren());
    const rows = await roster();
    expect(rows).toEqual([
      {
        enrollmentId: id,
        participant: 0,
        name: 'Lily Whitfield',
        age: 8,
        grade: '3rd',
        school: 'Hedgcoxe Elementary',
        dietaryRestrictions: 'Peanut allergy (EpiPen in bag)',
        photography: 'consent-with-name',
        parent: { name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '9725550100' },
        secondParent: { name: 'James Whitfield', email: 'james@example.com', phone: '9725550109' },
        emergencyContacts: [
          { name: 'James Whitfield', phone: '9725550101', relationship: 'Father' },
          { name: 'Ruth Porter', phone: '9725550102', relationship: 'Grandmother' },
        ],
        specialRequirements: 'Lily needs a left-handed seat.',
        status: 'pending',
        paymentStatus: 'pending',
        present: null,
        makeup: false,
        absence: null,
        // A form typed without a family account: the booking's own parents may collect the children,
        // and the contact's agreement on the form stands for both documents.
        childId: null,
        medicalNotes: '',
        waivers: [
          expect.objectContaining({ document: 'code-of-conduct', signedName: 'Eleanor Whitfield', current: true }),
          expect.objectContaining({ document: 'photography-release', signedName: 'Eleanor Whitfield', current: true }),
        ],
        pickupAdults: [
          { name: 'Eleanor Whitfield', relationship: 'Parent', phone: '9725550100' },
          { name: 'James Whitfield', relationship: 'Parent', phone: '9725550109' },
        ],
        collected: null,
      },
      expect.objectContaining({
        enrollmentId: id,
        participant: 1,
        name: 'Oscar Whitfield',
        age: 10,
        grade: '5th',
        school: 'Haggard Middle',
        dietaryRestrictions: '',
        photography: 'opt-out',
        present: null,
      }),
    ]);
  });

  it('given an enrollment cancelled by the school, then its children leave the roster', async () => {
    // The reactors run, as the cancel answer waits for them.
    t = await makeTestApp({ reactors: true });
    const kept = await enroll(twoChildren());
    const gone = await enroll(strictForm({ email: 'other@example.com', studentName: 'Zed Porter' }));
    expect((await roster()).map((r) => r.name)).toEqual(['Lily Whitfield', 'Oscar Whitfield', 'Zed Porter']);
    const cancel = await adminCall(t.app, 'POST', `/api/admin/enrollments/${gone}/cancel`, {
      body: { refund: 'none', notify: false },
    });
    expect(cancel.status).toBe(200);
    await t.settle();
    expect((await roster()).map((r) => `${r.enrollmentId}/${r.name}`)).toEqual([
      `${kept}/Lily Whitfield`,
      `${kept}/Oscar Whitfield`,
    ]);
  });

  it('given a child named as a formula, when the roster CSV is downloaded, then every such cell is neutralised and the file is named for the workshop', async () => {
    t = await makeTestApp();
    await enroll(
      twoChildren({
        specialRequirements: '+SUM(A1:A9)',
        participantDetails: [
          { name: '=HYPERLINK("http://evil.example","Click")', age: 8, grade: '3rd', school: '@school' },
          { name: 'Oscar Whitfield', age: 10, grade: '5th', school: '-Haggard Middle' },
        ],
      }),
    );
    const res = await adminCall(t.app, 'GET', `/api/admin/workshops/${CHILDREN}/roster.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="roster-8-\d{4}-\d{2}-\d{2}\.csv"/);
    // A byte order mark first: Excel on Windows then reads the names as UTF-8 (fetch's text() drops it).
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = await res.text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(
      /^Participant,Age,Grade,School,Dietary restrictions,Photography,Medical notes,Waivers,Pick-up list,Parent,/,
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain("'@school");
    expect(csv).toContain("'-Haggard Middle");
    expect(csv).toContain("'+SUM(A1:A9)");
    // No cell anywhere starts with a formula character once unquoted.
    for (const line of lines.slice(1).filter(Boolean)) {
      for (const cell of line.match(/("([^"]|"")*"|[^,]*)(?=,|$)/g) ?? []) {
        expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });
});

async function freeChildrensClass(title: string, date: string): Promise<string> {
  const res = await adminCall(t.app, 'POST', '/api/admin/workshops', {
    body: {
      title,
      description: 'Table manners for young children.',
      category: 'children',
      date,
      time: '10:00 AM - 11:30 AM',
      location: 'Plano',
      price: 0,
      capacity: 10,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  await t.settle();
  return ((await res.json()) as { id: string }).id;
}

describe('roster after a transfer', () => {
  it('given a confirmed enrollment with a child marked present, when it moves to another date, then its children are on the new roster, unmarked, and gone from the old one', async () => {
    t = await makeTestApp({ reactors: true, clock });
    const june = await freeChildrensClass('Manners in June', '2025-06-14T10:00');
    const july = await freeChildrensClass('Manners in July', '2025-07-12T10:00');
    PRICES[june] = 0;
    const id = await enroll(twoChildren(), june);
    await onSessionDay(june);
    expect((await mark({ enrollmentId: id, participant: 0, present: true }, june)).status).toBe(200);
    expect((await roster(june)).map((r) => [r.name, r.present])).toEqual([
      ['Lily Whitfield', true],
      ['Oscar Whitfield', null],
    ]);

    const moved = await adminCall(t.app, 'POST', `/api/admin/enrollments/${id}/transfer`, {
      body: { workshopId: july },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await t.settle();
    expect(await roster(june)).toEqual([]);
    expect((await roster(july)).map((r) => [r.enrollmentId, r.name, r.present])).toEqual([
      [id, 'Lily Whitfield', null],
      [id, 'Oscar Whitfield', null],
    ]);
    // Attendance now belongs to the new date only.
    expect((await mark({ enrollmentId: id, participant: 0, present: true }, june)).status).toBe(409);
    await onSessionDay(july);
    expect((await mark({ enrollmentId: id, participant: 0, present: true }, july)).status).toBe(200);
  });
});

describe('attendance', () => {
  it('given a two-child enrollment, when Margaret marks the second child present, then the roster shows it, the history says who marked whom, and marking it again records nothing', async () => {
    t = await makeTestApp({ clock });
    const added = await adminCall(t.app, 'POST', '/api/admin/administrators', {
      body: { name: 'Margaret Ellison', email: 'margaret@example.com' },
      key: ADMIN_KEY,
    });
    const { key } = (await added.json()) as { key: string };
    const id = await enroll(twoChildren());
    await onSessionDay(CHILDREN);

    const res = await adminCall(t.app, 'POST', `/api/admin/workshops/${CHILDREN}/attendance`, {
      key,
      body: { enrollmentId: id, participant: 1, present: true },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ enrollmentId: id, participant: 1, present: true });

    // Read at once after the answer: it waited for the read models.
    const rows = await roster();
    expect(rows.map((r) => [r.name, r.present])).toEqual([
      ['Lily Whitfield', null],
      ['Oscar Whitfield', true],
    ]);
    const history = await adminCall(t.app, 'GET', `/api/admin/enrollments/${id}/history`);
    const last = ((await history.json()) as EnrollmentHistory).events.at(-1);
    expect(last).toMatchObject({
      type: 'AttendanceMarked',
      actor: 'admin',
      by: 'Margaret Ellison',
      summary: 'Marked Oscar Whitfield present.',
    });

    const again = await mark({ enrollmentId: id, participant: 1, present: true });
    expect(again.status).toBe(200);
    expect((await eventTypes(id)).filter((x) => x === 'AttendanceMarked')).toHaveLength(1);

    expect((await mark({ enrollmentId: id, participant: 1, present: false })).status).toBe(200);
    expect((await roster()).map((r) => r.present)).toEqual([null, false]);
  });

  it('given bad attendance bodies, then each is refused with a code and the field named, and nothing is appended', async () => {
    t = await makeTestApp({ reactors: true });
    const id = await enroll(twoChildren());
    const other = await enroll(strictForm({ email: 'tea@example.com', studentName: 'Ivy Tea' }), '7');
    const cancelled = await enroll(strictForm({ email: 'gone@example.com', studentName: 'Gus Gone' }));
    expect(
      (
        await adminCall(t.app, 'POST', `/api/admin/enrollments/${cancelled}/cancel`, {
          body: { refund: 'none', notify: false },
        })
      ).status,
    ).toBe(200);
    await t.settle();
    const head = await t.eventStore.headPosition();

    const cases: [body: unknown, status: number, code: string, path: string][] = [
      [{ participant: 0, present: true }, 400, 'validation', 'enrollmentId'],
      [{ enrollmentId: id, participant: -1, present: true }, 400, 'validation', 'participant'],
      [{ enrollmentId: id, participant: 0.5, present: true }, 400, 'validation', 'participant'],
      [{ enrollmentId: id, participant: 0, present: 'yes' }, 400, 'validation', 'present'],
      [{ enrollmentId: id, participant: 0, present: true, extra: 1 }, 400, 'validation', ''],
      [
        { enrollmentId: 'no-such-enrollment', participant: 0, present: true },
        404,
        'unknown_enrollment',
        'enrollmentId',
      ],
      [{ enrollmentId: other, participant: 0, present: true }, 409, 'not_in_workshop', 'enrollmentId'],
      [{ enrollmentId: id, participant: 2, present: true }, 400, 'participant_out_of_range', 'participant'],
      [{ enrollmentId: cancelled, participant: 0, present: true }, 409, 'enrollment_not_active', 'enrollmentId'],
    ];
    for (const [body, status, code, path] of cases) {
      const res = await mark(body);
      const answer = (await res.json()) as { error: string; code: string; issues?: { path: string }[] };
      expect([JSON.stringify(body), res.status, answer.code]).toEqual([JSON.stringify(body), status, code]);
      if (path) {
        expect(answer.error).toContain(path);
        expect(answer.issues?.[0]?.path).toBe(path);
      }
    }
    const unknownWorkshop = await mark({ enrollmentId: id, participant: 0, present: true }, 'no-such-workshop');
    expect(unknownWorkshop.status).toBe(404);
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given a session weeks away, then neither attendance nor pick-up is taken (409 naming its day); on its day both are, and each can be taken back, the roster and the history saying so', async () => {
    t = await makeTestApp({ clock });
    const id = await enroll(twoChildren());
    const before = await mark({ enrollmentId: id, participant: 0, present: true });
    expect(before.status).toBe(409);
    expect(await before.json()).toMatchObject({
      code: 'session_not_yet',
      error: 'This session is on Saturday, September 20, 2025: attendance and pick-up are recorded from that day.',
      issues: [{ path: 'session' }],
    });
    const collect = (body: Record<string, unknown>) =>
      adminCall(t.app, 'POST', `/api/admin/workshops/${CHILDREN}/collected`, {
        body: { enrollmentId: id, participant: 0, ...body },
      });
    expect((await collect({ collectedBy: 'Eleanor Whitfield' })).status).toBe(409);
    expect(await eventTypes(id)).not.toContain('AttendanceMarked');

    await onSessionDay(CHILDREN);
    expect((await mark({ enrollmentId: id, participant: 0, present: true })).status).toBe(200);
    expect((await collect({ collectedBy: 'Eleanor Whitfield' })).status).toBe(200);
    const undo = (what: string) =>
      adminCall(t.app, 'POST', `/api/admin/workshops/${CHILDREN}/${what}/undo`, {
        body: { enrollmentId: id, participant: 0 },
      });
    const taken = await undo('attendance');
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ enrollmentId: id, participant: 0, session: 1, undone: true });
    expect(await (await undo('collected')).json()).toMatchObject({ undone: true });
    const [lily] = await roster();
    expect([lily!.present, lily!.collected]).toEqual([null, null]);
    // Nothing left to take back: nothing recorded.
    expect(await (await undo('attendance')).json()).toMatchObject({ undone: false });
    const history = await adminCall(t.app, 'GET', `/api/admin/enrollments/${id}/history`);
    const summaries = ((await history.json()) as EnrollmentHistory).events.map((e) => e.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Took back the mark of Lily Whitfield (present): not marked.',
        'Took back who collected Lily Whitfield (Eleanor Whitfield): not recorded.',
      ]),
    );
    // Marked afresh, it is recorded again.
    expect((await mark({ enrollmentId: id, participant: 0, present: false })).status).toBe(200);
    expect((await roster())[0]!.present).toBe(false);
  });
});
