import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBookingApp, type BookingTestApp, type Bought } from '../booking/support.js';
import type { BookingView } from '../../../contracts/booking/api.js';
import type { AbsenceResult } from '../../../contracts/courses/api.js';
import type { Roster } from '../../../contracts/admin/roster.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { ADMIN_KEY } from '../admin/support.js';
import type { AccountView } from '../../../contracts/account/api.js';
import { signInMailsSent } from '../../../service/account/sign-in.js';

/**
 * Issue 37 item 1: a make-up never goes into a session the child is already expected in (their own
 * class's sessions, another make-up of theirs) or reported missing; and a roster answers one row per
 * child per session whatever its events hold (make-ups booked into a missed session before the rule).
 */
const SATURDAYS = '11';
const TUESDAYS = '12';
const admin = { 'Admin-Key': ADMIN_KEY };

let b: BookingTestApp;
afterEach(async () => b?.t.close());

const view = async (token: string) => (await (await b.request('GET', `/api/bookings/${token}`)).json()) as BookingView;
const absent = async (token: string, session: number, participant = 0) => {
  const r = await b.request('POST', `/api/bookings/${token}/absences`, { session, participant });
  expect(r.status, await r.clone().text()).toBe(201);
  return (await r.json()) as AbsenceResult;
};
const makeup = (token: string, creditId: string, workshopId: string, session: number) =>
  b.request('POST', `/api/bookings/${token}/makeups`, { creditId, workshopId, session });
const roster = async (workshopId: string, session: number) => {
  await b.t.settle();
  const r = await b.request('GET', `/api/admin/workshops/${workshopId}/roster?session=${session}`, undefined, admin);
  expect(r.status).toBe(200);
  return (await r.json()) as Roster;
};
const buyCourse = (id = SATURDAYS, participants = 1): Promise<Bought> =>
  b.buy(id, { participants, total: 225 * participants, strict: true });

describe('a make-up goes only where the child is not expected', () => {
  it('given a child who will miss Saturday session 3, then their credit offers no session of their own class (the missed one least of all), and a make-up into it is refused with 409 in words, the credit still available', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const { creditId } = await absent(bought.token, 3);

    const options = (await view(bought.token)).credits[0]!.options;
    expect(options.length).toBeGreaterThan(0);
    expect(options.filter((o) => o.workshopId === SATURDAYS)).toEqual([]);

    const refused = await makeup(bought.token, creditId, SATURDAYS, 3);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'already_in_session',
      error: expect.stringMatching(/Lily Whitfield .*miss.* Session 3 of 4.*another session/s),
    });
    const page = await view(bought.token);
    expect(page.credits[0]).toMatchObject({ status: 'available', booking: null });
    const row = (await roster(SATURDAYS, 3)).rows;
    expect(row).toMatchObject([{ enrollmentId: bought.enrollmentId, absence: 'notified', makeup: false }]);
  });

  it('given a child booked in the Saturday class, when a credit of theirs asks for Saturday session 2 (a seat they have), then 409 saying they are already in it, and no seat is taken', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const { creditId } = await absent(bought.token, 3);
    const refused = await makeup(bought.token, creditId, SATURDAYS, 2);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'already_in_session',
      error: expect.stringMatching(/Lily Whitfield is already booked into Session 2 of 4/),
    });
    const taken = (await b.t.eventStore.readStream(workshopStream(SATURDAYS))).filter(
      (e) => e.type === 'MakeupSeatTaken',
    );
    expect(taken).toEqual([]);
    expect((await roster(SATURDAYS, 2)).rows).toHaveLength(1);
  });

  it('given two credits of one child, one booked into Tuesday session 2, then the other offers no Tuesday session 2 and is refused there with 409; a sibling’s credit may still go there', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse(SATURDAYS, 2);
    const first = await absent(bought.token, 2);
    const second = await absent(bought.token, 3);
    const sibling = await absent(bought.token, 3, 1);
    expect((await makeup(bought.token, first.creditId, TUESDAYS, 2)).status).toBe(201);

    const credits = (await view(bought.token)).credits;
    const other = credits.find((c) => c.creditId === second.creditId)!;
    expect(other.options.some((o) => o.workshopId === TUESDAYS && o.session === 2)).toBe(false);
    expect(other.options.some((o) => o.workshopId === TUESDAYS && o.session === 3)).toBe(true);
    const theirs = credits.find((c) => c.creditId === sibling.creditId)!;
    expect(theirs.options.some((o) => o.workshopId === TUESDAYS && o.session === 2)).toBe(true);

    const refused = await makeup(bought.token, second.creditId, TUESDAYS, 2);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'already_in_session',
      error: expect.stringMatching(/already has a make-up in Session 2 of 4/),
    });
    expect((await makeup(bought.token, sibling.creditId, TUESDAYS, 2)).status).toBe(201);
    const rows = (await roster(TUESDAYS, 2)).rows;
    expect(rows.map((r) => [r.participant, r.makeup]).sort()).toEqual([
      [0, true],
      [1, true],
    ]);
  });
});

describe('one saved child in two bookings', () => {
  /** The parent signs in with the bookings' address (the e-mailed link pressed): the session cookie. */
  async function signIn(email: string): Promise<string> {
    const site = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };
    expect((await b.request('POST', '/api/account/sign-in', { email }, site)).status).toBe(202);
    await signInMailsSent(b.t.deps);
    const mail = b.mailer.sent.filter((m) => m.to === email).at(-1)!;
    const token = /\/account\/sign-in\/(\S+)/.exec(mail.text)![1];
    const verified = await b.request('POST', '/api/account/sign-in/verify', { token }, site);
    expect(verified.status).toBe(200);
    return /(family_session=[^;]+)/.exec(verified.headers.get('set-cookie')!)![1]!;
  }

  it('given Lily booked as a guest in both terms and matched to the family’s Lily, when her Saturday credit looks for a make-up, then no Tuesday session is offered and one asked for is refused with 409: she is booked there', async () => {
    b = await makeBookingApp();
    const email = 'eleanor.two-terms@example.com';
    const saturdays = await b.buy(SATURDAYS, { total: 225, strict: true, email });
    const tuesdays = await b.buy(TUESDAYS, { total: 225, strict: true, email });
    const cookie = await signIn(email);
    const site = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin', cookie };
    const added = await b.request(
      'POST',
      `/api/account/bookings/${saturdays.enrollmentId}/children`,
      { add: [0] },
      site,
    );
    expect(added.status, await added.clone().text()).toBe(200);
    const page = (await (
      await b.request(
        'GET',
        `/api/account?minPosition=${((await added.json()) as { position: string }).position}`,
        undefined,
        site,
      )
    ).json()) as AccountView;
    const lily = page.children[0]!.id;
    const matched = await b.request(
      'POST',
      `/api/account/bookings/${tuesdays.enrollmentId}/children`,
      { matches: [{ participant: 0, childId: lily }] },
      site,
    );
    expect(matched.status, await matched.clone().text()).toBe(200);

    const { creditId } = await absent(saturdays.token, 3);
    const options = (await view(saturdays.token)).credits[0]!.options;
    expect(options.filter((o) => o.workshopId === TUESDAYS)).toEqual([]);
    const refused = await makeup(saturdays.token, creditId, TUESDAYS, 2);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'already_in_session',
      error: expect.stringMatching(/Lily Whitfield is already booked into Session 2 of 4/),
    });
    // Another child of the same name, not the family's, is another child.
    const stranger = await buyCourse();
    const theirs = await absent(stranger.token, 3);
    expect((await makeup(stranger.token, theirs.creditId, TUESDAYS, 2)).status).toBe(201);
  });
});

describe('a roster keeps its make-ups', () => {
  it('given a make-up in Tuesday session 2, when another family then enrolls in the Tuesday class, then session 2’s roster still lists the make-up child', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const { creditId } = await absent(bought.token, 3);
    expect((await makeup(bought.token, creditId, TUESDAYS, 2)).status).toBe(201);
    const later = await buyCourse(TUESDAYS);

    const rows = (await roster(TUESDAYS, 2)).rows;
    expect(rows.map((r) => [r.enrollmentId, r.makeup]).sort()).toEqual(
      [
        [bought.enrollmentId, true],
        [later.enrollmentId, false],
      ].sort(),
    );
  });
});

describe('a roster answers one row per child per session', () => {
  it('given a make-up recorded into the very session the child reported missing (before the rule), then that session’s roster has one row for the child, expected, and a mark on it counts once', async () => {
    b = await makeBookingApp();
    const bought = await buyCourse();
    const { creditId } = await absent(bought.token, 3);
    // What the workshop's stream held when the rule was missing: the seat taken for the missed session.
    await b.t.eventStore.append(
      workshopStream(SATURDAYS),
      [
        {
          id: randomUUID(),
          type: 'MakeupSeatTaken',
          data: { workshopId: SATURDAYS, creditId, session: 3, enrollmentId: bought.enrollmentId, participant: 0 },
          metadata: {
            correlationId: randomUUID(),
            causationId: 'legacy',
            actor: 'visitor',
            at: b.clock.now.toISOString(),
          },
        },
      ],
      'any',
    );

    const rows = (await roster(SATURDAYS, 3)).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ enrollmentId: bought.enrollmentId, participant: 0, absence: null });

    // On session 3's day: marks are taken from the session's day.
    const course = (await (await b.request('GET', `/api/workshops/${SATURDAYS}`)).json()) as {
      sessions: { startsAt: string }[];
    };
    b.clock.now = new Date(course.sessions[2]!.startsAt);
    const marked = await b.request(
      'POST',
      `/api/admin/workshops/${SATURDAYS}/attendance`,
      { enrollmentId: bought.enrollmentId, participant: 0, present: true, session: 3 },
      admin,
    );
    expect(marked.status, await marked.clone().text()).toBe(200);
    const after = (await roster(SATURDAYS, 3)).rows;
    expect(after).toEqual([expect.objectContaining({ present: true })]);
    const csv = await (await b.request('GET', `/api/admin/workshops/${SATURDAYS}/roster.csv`, undefined, admin)).text();
    expect(csv.trim().split('\r\n')).toHaveLength(2);
  });
});
