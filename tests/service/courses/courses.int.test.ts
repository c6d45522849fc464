import { afterEach, describe, expect, it } from 'vitest';
import { makeBookingApp, type BookingTestApp, type Bought } from '../booking/support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import type { BookingView } from '../../../contracts/booking/api.js';
import type { AbsenceResult, EnrollmentCredits } from '../../../contracts/courses/api.js';
import type { Roster } from '../../../contracts/admin/roster.js';
import { ADMIN_KEY } from '../admin/support.js';
import { strictForm } from '../../support/enrollment-forms.js';

/** Manners & Me on Saturdays (4 sessions from August 2, 2025), its Tuesday term, and a course of another program. */
const SATURDAYS = '11';
const TUESDAYS = '12';
const TEENS = '13';
const admin = { 'Admin-Key': ADMIN_KEY };

let b: BookingTestApp;
afterEach(async () => b?.t.close());

const view = async (token: string) => (await (await b.request('GET', `/api/bookings/${token}`)).json()) as BookingView;
const workshop = async (id: string) => (await (await b.request('GET', `/api/workshops/${id}`)).json()) as Workshop;
const absent = (token: string, session: number, participant = 0) =>
  b.request('POST', `/api/bookings/${token}/absences`, { session, participant });
const makeup = (token: string, creditId: string, workshopId: string, session: number) =>
  b.request('POST', `/api/bookings/${token}/makeups`, { creditId, workshopId, session });

async function buyCourse(id = SATURDAYS, participants = 1): Promise<Bought> {
  return b.buy(id, { participants, total: 225 * participants, strict: true });
}

describe('absences from the booking page', () => {
  it('given a confirmed course booking, when a child will miss session 3, then 201 with a credit valid 90 days after it, the seat freed for make-ups only', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const r = await absent(bought.token, 3);
    expect(r.status).toBe(201);
    const credit = (await r.json()) as AbsenceResult;
    expect(credit.creditId).toMatch(/^mc-/);
    // Session 3 ends Saturday August 16, 2025 at 11:30 CDT; 90 days later.
    expect(credit.validUntil).toBe('2025-11-14T16:30:00.000Z');
    const w = await workshop(SATURDAYS);
    expect(w.sessionAbsences).toEqual([0, 0, 1]);
    // The freed seat is not sold: 11 left for new families, as before the absence.
    expect(w.spotsLeft).toBe(11);
    const page = await view(bought.token);
    expect(page.absences).toEqual([{ session: 3, participant: 0, creditId: credit.creditId }]);
    expect(page.credits).toMatchObject([
      { creditId: credit.creditId, status: 'available', from: { workshopId: SATURDAYS, session: 3 } },
    ]);
    // It can be used in the other Manners & Me term, not in the teens' course.
    const options = page.credits[0]!.options;
    expect(options.some((o) => o.workshopId === TUESDAYS)).toBe(true);
    expect(options.every((o) => o.workshopId !== TEENS)).toBe(true);
  });

  it('given the same absence reported twice, then one credit', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const first = (await (await absent(bought.token, 2)).json()) as AbsenceResult;
    const again = await absent(bought.token, 2);
    expect(again.status).toBe(201);
    expect(((await again.json()) as AbsenceResult).creditId).toBe(first.creditId);
    expect((await view(bought.token)).credits).toHaveLength(1);
  });

  it('given bad fields, then 400 naming each, and nothing recorded', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    for (const [body, path] of [
      [{ session: 0, participant: 0 }, 'session'],
      [{ session: 1.5, participant: 0 }, 'session'],
      [{ session: 2, participant: -1 }, 'participant'],
      [{ session: 2 }, 'participant'],
      [{ session: 9, participant: 0 }, 'session'],
      [{ session: 2, participant: 1 }, 'participant'],
    ] as const) {
      const r = await b.request('POST', `/api/bookings/${bought.token}/absences`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      const answer = (await r.json()) as { issues: { path: string }[] };
      expect(answer.issues.map((i) => i.path)).toContain(path);
    }
    expect((await workshop(SATURDAYS)).sessionAbsences ?? []).toEqual([]);
  });

  it('given a forged or foreign token, then 404', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const [id] = bought.token.split('.');
    const forged = `${id}.${'A'.repeat(43)}`;
    expect((await absent(forged, 2)).status).toBe(404);
    expect((await makeup(forged, 'mc-x', TUESDAYS, 2)).status).toBe(404);
    expect((await b.request('POST', `/api/bookings/${forged}/makeups/mc-x/cancel`, {})).status).toBe(404);
  });

  it('given session 2 has begun, when its absence is reported, then 409 in words a parent understands', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    b.clock.now = new Date((await workshop(SATURDAYS)).sessions[1]!.startsAt);
    const r = await absent(bought.token, 2);
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({
      code: 'session_over',
      error: expect.stringMatching(/Session 2 of 4.*already begun/),
    });
  });
});

describe('make-ups', () => {
  it('given a credit, when it is booked into a Tuesday session, then 201, the session holds one more, the roster of that session lists the child as a make-up; cancelled, the credit comes back', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const { creditId } = (await (await absent(bought.token, 3)).json()) as AbsenceResult;
    const booked = await makeup(bought.token, creditId, TUESDAYS, 2);
    expect(booked.status).toBe(201);
    expect(await booked.json()).toMatchObject({ creditId, workshopId: TUESDAYS, session: 2 });
    expect((await workshop(TUESDAYS)).sessionMakeups).toEqual([0, 1]);
    const page = await view(bought.token);
    expect(page.credits[0]).toMatchObject({ status: 'booked', booking: { workshopId: TUESDAYS, session: 2 } });

    const roster = (await (
      await b.request('GET', `/api/admin/workshops/${TUESDAYS}/roster?session=2`, undefined, admin)
    ).json()) as Roster;
    expect(roster.session).toBe(2);
    expect(roster.rows).toMatchObject([
      { enrollmentId: bought.enrollmentId, participant: 0, makeup: true, name: 'Lily Whitfield' },
    ]);
    const other = (await (
      await b.request('GET', `/api/admin/workshops/${TUESDAYS}/roster?session=3`, undefined, admin)
    ).json()) as Roster;
    expect(other.rows).toEqual([]);
    // Attendance of the make-up child, in the Tuesday class's session 2, on that session's day.
    b.clock.now = new Date(Date.parse((await workshop(TUESDAYS)).sessions[1]!.startsAt) - 2 * 3_600_000);
    const marked = await b.request(
      'POST',
      `/api/admin/workshops/${TUESDAYS}/attendance`,
      { enrollmentId: bought.enrollmentId, participant: 0, present: true, session: 2 },
      admin,
    );
    expect(marked.status).toBe(200);
    const after = (await (
      await b.request('GET', `/api/admin/workshops/${TUESDAYS}/roster?session=2`, undefined, admin)
    ).json()) as Roster;
    expect(after.rows[0]).toMatchObject({ present: true, makeup: true });

    const cancelled = await b.request('POST', `/api/bookings/${bought.token}/makeups/${creditId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect((await workshop(TUESDAYS)).sessionMakeups).toEqual([0, 0]);
    expect((await view(bought.token)).credits[0]).toMatchObject({ status: 'available', booking: null });
  });

  it('given a make-up booked in a Tuesday session, when the family cancels its whole booking, then the Tuesday seat is given back, once', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const { creditId } = (await (await absent(bought.token, 3)).json()) as AbsenceResult;
    expect((await makeup(bought.token, creditId, TUESDAYS, 2)).status).toBe(201);
    expect((await workshop(TUESDAYS)).sessionMakeups).toEqual([0, 1]);

    const cancelled = await b.request('POST', `/api/bookings/${bought.token}/cancel`, {});
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await b.t.settle();
    expect((await workshop(TUESDAYS)).sessionMakeups).toEqual([0, 0]);
    const released = (await b.t.eventStore.readAll()).filter((e) => e.type === 'MakeupSeatReleased');
    expect(released).toHaveLength(1);
  });

  it('given two children with make-ups in a Tuesday session, when one child’s place is cancelled, then only that child’s make-up seat is given back', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse(SATURDAYS, 2);
    for (const participant of [0, 1]) {
      const { creditId } = (await (await absent(bought.token, 3, participant)).json()) as AbsenceResult;
      expect((await makeup(bought.token, creditId, TUESDAYS, 2)).status).toBe(201);
    }
    expect((await workshop(TUESDAYS)).sessionMakeups).toEqual([0, 2]);

    const cancelled = await b.request('POST', `/api/bookings/${bought.token}/cancel`, { participant: 1 });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await b.t.settle();
    expect((await workshop(TUESDAYS)).sessionMakeups).toEqual([0, 1]);
    const credits = (await view(bought.token)).credits;
    expect(credits.filter((c) => c.status === 'booked')).toHaveLength(1);
  });

  it('given a credit, when it is booked into another program, a begun session, or used twice, then 409 each, in words a parent understands', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const { creditId } = (await (await absent(bought.token, 3)).json()) as AbsenceResult;
    const other = await makeup(bought.token, creditId, TEENS, 2);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({
      code: 'other_program',
      error: expect.stringMatching(/another program/),
    });
    expect((await makeup(bought.token, creditId, TUESDAYS, 2)).status).toBe(201);
    const twice = await makeup(bought.token, creditId, TUESDAYS, 3);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: 'credit_used' });
    b.clock.now = new Date((await workshop(TUESDAYS)).sessions[0]!.startsAt);
    const begun = await b.request('POST', `/api/bookings/${bought.token}/makeups/${creditId}/cancel`, {});
    expect(begun.status).toBe(200);
    const over = await makeup(bought.token, creditId, TUESDAYS, 1);
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: 'session_over' });
  });

  it('given an expired credit, when it is booked, then 409 expired', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const { creditId, validUntil } = (await (await absent(bought.token, 1)).json()) as AbsenceResult;
    b.clock.now = new Date(Date.parse(validUntil) + 1);
    const r = await makeup(bought.token, creditId, TUESDAYS, 2);
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ code: 'credit_expired' });
  });

  it('given a full session, when a make-up asks for it, then 409 full and the credit stays available', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    // Twelve children fill the Tuesday term.
    for (let i = 0; i < 4; i++) await b.buy(TUESDAYS, { participants: 3, total: 675, strict: true });
    const { creditId } = (await (await absent(bought.token, 3)).json()) as AbsenceResult;
    const r = await makeup(bought.token, creditId, TUESDAYS, 2);
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ code: 'session_full', error: expect.stringMatching(/is full/) });
    expect((await view(bought.token)).credits[0]).toMatchObject({ status: 'available' });
  });

  it('given bad fields or another booking’s credit, then 400 naming the field, or 404', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const stranger = await buyCourse(TUESDAYS);
    const { creditId } = (await (await absent(stranger.token, 2)).json()) as AbsenceResult;
    expect((await makeup(bought.token, creditId, SATURDAYS, 4)).status).toBe(404);
    for (const [body, path] of [
      [{ creditId, workshopId: TUESDAYS }, 'session'],
      [{ creditId, workshopId: 'no such!', session: 1 }, 'workshopId'],
      [{ creditId: '', workshopId: TUESDAYS, session: 1 }, 'creditId'],
    ] as const) {
      const r = await b.request('POST', `/api/bookings/${bought.token}/makeups`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(((await r.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(path);
    }
    expect((await makeup(bought.token, creditId, '999', 1)).status).toBe(404);
  });
});

describe('the office: credits and rosters per session', () => {
  it('given a booking, when the office grants a credit, then it is listed with the administrator’s name; without a key, 401', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const path = `/api/admin/enrollments/${bought.enrollmentId}/makeup-credits`;
    expect((await b.request('GET', path)).status).toBe(401);
    expect((await b.request('POST', path, { participant: 0 })).status).toBe(401);
    const bad = await b.request('POST', path, { participant: 3 }, admin);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('participant');
    const granted = await b.request('POST', path, { participant: 0, validUntil: '2025-12-31' }, admin);
    expect(granted.status).toBe(201);
    const list = (await (await b.request('GET', path, undefined, admin)).json()) as EnrollmentCredits;
    expect(list.credits).toMatchObject([{ reason: 'school', grantedBy: 'Owner', status: 'available', participant: 0 }]);
    expect(list.credits[0]!.validUntil).toBe('2025-12-31T23:59:00-06:00');
    expect((await b.request('GET', `/api/admin/enrollments/nope/makeup-credits`, undefined, admin)).status).toBe(404);
  });

  it('given a child absent by notice, then the roster of that session marks them absent, notified; the next session not over is the default', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    await absent(bought.token, 2);
    const r2 = (await (
      await b.request('GET', `/api/admin/workshops/${SATURDAYS}/roster?session=2`, undefined, admin)
    ).json()) as Roster;
    expect(r2.rows).toMatchObject([{ enrollmentId: bought.enrollmentId, absence: 'notified', present: false }]);
    const byDefault = (await (
      await b.request('GET', `/api/admin/workshops/${SATURDAYS}/roster`, undefined, admin)
    ).json()) as Roster;
    expect(byDefault.session).toBe(1);
    expect(byDefault.rows[0]).toMatchObject({ absence: null, present: null });
    b.clock.now = new Date((await workshop(SATURDAYS)).sessions[0]!.endsAt);
    const next = (await (
      await b.request('GET', `/api/admin/workshops/${SATURDAYS}/roster`, undefined, admin)
    ).json()) as Roster;
    expect(next.session).toBe(2);
    const bad = await b.request('GET', `/api/admin/workshops/${SATURDAYS}/roster?session=5`, undefined, admin);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('session');
  });

  it('given attendance taken in session 2, then the roster of session 2 shows it, session 1 does not, and the CSV has one column per session', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    await absent(bought.token, 3);
    // Marked on session 2's day.
    b.clock.now = new Date(Date.parse((await workshop(SATURDAYS)).sessions[1]!.startsAt) - 2 * 3_600_000);
    const mark = await b.request(
      'POST',
      `/api/admin/workshops/${SATURDAYS}/attendance`,
      { enrollmentId: bought.enrollmentId, participant: 0, present: true, session: 2 },
      admin,
    );
    expect(mark.status).toBe(200);
    expect(await mark.json()).toMatchObject({ session: 2, present: true });
    const bad = await b.request(
      'POST',
      `/api/admin/workshops/${SATURDAYS}/attendance`,
      { enrollmentId: bought.enrollmentId, participant: 0, present: true, session: 0 },
      admin,
    );
    expect(bad.status).toBe(400);
    const get = async (n: number) =>
      (
        (await (
          await b.request('GET', `/api/admin/workshops/${SATURDAYS}/roster?session=${n}`, undefined, admin)
        ).json()) as Roster
      ).rows[0];
    expect((await get(2))?.present).toBe(true);
    expect((await get(1))?.present).toBeNull();
    const csv = await (await b.request('GET', `/api/admin/workshops/${SATURDAYS}/roster.csv`, undefined, admin)).text();
    const [header, row] = csv.trim().split('\r\n');
    expect(header).toMatch(/Session 1,Session 2,Session 3,Session 4$/);
    expect(row).toMatch(/,,yes,absent \(notified\),$/);
  });

  it('given a course bought, then the booking page’s calendar file has one event per session, each with its own UID', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const ics = await (await b.request('GET', `/api/bookings/${bought.token}/calendar.ics`)).text();
    const uids = [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]!.trim());
    expect(uids).toHaveLength(4);
    expect(new Set(uids).size).toBe(4);
    expect(ics.match(/^BEGIN:VEVENT/gm)).toHaveLength(4);
    expect(ics).toContain('DTSTART:20250809T150000Z');
    expect(ics).toContain('SUMMARY:Manners & Me (session 2 of 4)');
    // The confirmation e-mail carries the same file and lists every session.
    const mail = b.mailer.sent.find((m) => m.to === bought.email)!;
    expect(mail.text).toContain('Session 4: Saturday, August 23, 2025, 10:00 – 11:30 AM');
    const attached = mail.attachments?.find((a) => a.filename?.endsWith('.ics'));
    expect(String(attached?.content).match(/^UID:/gm)).toHaveLength(4);
  });
});

describe('joining late', () => {
  it('given the Saturday class allows joining until session 2, when a family enrolls after session 1, then it pays 3/4 of $225; the full price is refused naming totalPrice; after session 2 begins, closed', async () => {
    b = await makeBookingApp();
    const w = await workshop(SATURDAYS);
    b.clock.now = new Date(Date.parse(w.sessions[0]!.endsAt));
    const full = await b.request('POST', `/api/enroll/workshop/${SATURDAYS}`, { ...strictForm(), totalPrice: 225 });
    expect(full.status).toBe(400);
    const refused = (await full.json()) as { error: string; issues: { path: string }[] };
    expect(refused.issues[0]!.path).toBe('totalPrice');
    expect(refused.error).toContain('$225.00 x 1 participant for 3 of 4 sessions = $168.75');
    const late = await b.buy(SATURDAYS, { participants: 1, total: 168.75, strict: true });
    const page = await view(late.token);
    expect(page.amountCents).toBe(16_875);
    expect(page.item).toMatchObject({ fromSession: 2 });
    const ics = await (await b.request('GET', `/api/bookings/${late.token}/calendar.ics`)).text();
    expect(ics.match(/^BEGIN:VEVENT/gm)).toHaveLength(3);
    b.clock.now = new Date(Date.parse(w.sessions[1]!.startsAt));
    const closed = await b.request('POST', `/api/enroll/workshop/${SATURDAYS}`, { ...strictForm(), totalPrice: 112.5 });
    expect(closed.status).toBe(409);
    expect(await closed.json()).toMatchObject({ code: 'enrollment_closed' });
  });
});
