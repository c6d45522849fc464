import { afterEach, describe, expect, it } from 'vitest';
import { makeBookingApp, type BookingTestApp, type Bought } from '../booking/support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import type { BookingView } from '../../../contracts/booking/api.js';
import type { AbsenceResult, EnrollmentCredits } from '../../../contracts/courses/api.js';
import type { MakeupCreditDoc } from '../../../projections/courses/makeup-credits.js';
import { ADMIN_KEY } from '../admin/support.js';

/**
 * Issue 36, item 3: make-up credits die with their booking. A credit is a seat in a session the
 * family paid for and will miss; once that place is cancelled (refunded) or moved, the credit no
 * longer stands for anything, so it is voided (`MakeupCreditVoided` on its own stream) and booking
 * it is refused in words a parent understands.
 */
const SATURDAYS = '11';
const TUESDAYS = '12';
const admin = { 'Admin-Key': ADMIN_KEY };

let b: BookingTestApp;
afterEach(async () => b?.t.close());

const workshop = async (id: string) => (await (await b.request('GET', `/api/workshops/${id}`)).json()) as Workshop;
const view = async (token: string) => (await (await b.request('GET', `/api/bookings/${token}`)).json()) as BookingView;
const absent = async (token: string, session: number, participant = 0) => {
  const r = await b.request('POST', `/api/bookings/${token}/absences`, { session, participant });
  expect(r.status, await r.clone().text()).toBe(201);
  return ((await r.json()) as AbsenceResult).creditId;
};
const makeup = (token: string, creditId: string, workshopId: string, session: number) =>
  b.request('POST', `/api/bookings/${token}/makeups`, { creditId, workshopId, session });
const officeCredits = async (enrollmentId: string) =>
  (
    (await (
      await b.request('GET', `/api/admin/enrollments/${enrollmentId}/makeup-credits`, undefined, admin)
    ).json()) as EnrollmentCredits
  ).credits;
const readModel = async (creditId: string) =>
  (await b.t.readStore.get<MakeupCreditDoc>('makeup-credits', creditId))?.doc;
const buy = (participants = 1, id = SATURDAYS): Promise<Bought> =>
  b.buy(id, { participants, total: 225 * participants, strict: true });

async function expectVoidedRefusal(r: Response, words: RegExp) {
  expect(r.status).toBe(409);
  expect(await r.json()).toMatchObject({ code: 'credit_voided', error: expect.stringMatching(words) });
}

describe('make-up credits die with their booking', () => {
  it('given four credits from a course, when the booking is cancelled with a full refund, then none of the four books a make-up: 409 in words, nobody on the other roster, the credits voided', async () => {
    b = await makeBookingApp();
    const bought = await buy();
    const credits: string[] = [];
    for (const session of [1, 2, 3, 4]) credits.push(await absent(bought.token, session));

    const cancelled = await b.request(
      'POST',
      `/api/admin/enrollments/${bought.enrollmentId}/cancel`,
      { refund: 'full' },
      admin,
    );
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);

    // At once, before any reactor caught up: the booking that was cancelled decides.
    for (const [i, creditId] of credits.entries())
      await expectVoidedRefusal(await makeup(bought.token, creditId, TUESDAYS, i + 1), /booking .*was cancelled/);
    await b.t.settle();
    for (const [i, creditId] of credits.entries())
      await expectVoidedRefusal(await makeup(bought.token, creditId, TUESDAYS, i + 1), /booking .*was cancelled/);

    expect(((await workshop(TUESDAYS)).sessionMakeups ?? []).every((n) => n === 0)).toBe(true);
    for (const session of [1, 2, 3, 4]) {
      const roster = await b.request(
        'GET',
        `/api/admin/workshops/${TUESDAYS}/roster?session=${session}`,
        undefined,
        admin,
      );
      expect(((await roster.json()) as { rows: unknown[] }).rows).toEqual([]);
    }
    // Decided with events, one per credit on the credit's own stream, and the read models show it.
    const voided = (await b.t.eventStore.readAll()).filter((e) => e.type === 'MakeupCreditVoided');
    expect(voided.map((e) => (e.data as { creditId: string }).creditId).sort()).toEqual([...credits].sort());
    expect(voided[0]!.data).toMatchObject({ enrollmentId: bought.enrollmentId, reason: 'booking-cancelled' });
    for (const creditId of credits) expect(await readModel(creditId)).toMatchObject({ status: 'voided' });
    expect((await officeCredits(bought.enrollmentId)).map((c) => c.status)).toEqual([
      'voided',
      'voided',
      'voided',
      'voided',
    ]);
  });

  it('given a make-up booked in a Tuesday session, when the booking is cancelled, then the seat goes back and the credit is voided, not available again', async () => {
    b = await makeBookingApp();
    const bought = await buy();
    const creditId = await absent(bought.token, 3);
    expect((await makeup(bought.token, creditId, TUESDAYS, 2)).status).toBe(201);
    expect((await workshop(TUESDAYS)).sessionMakeups).toEqual([0, 1]);

    const cancelled = await b.request('POST', `/api/bookings/${bought.token}/cancel`, {});
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await b.t.settle();

    expect((await workshop(TUESDAYS)).sessionMakeups).toEqual([0, 0]);
    expect(await readModel(creditId)).toMatchObject({ status: 'voided', booking: null });
    await expectVoidedRefusal(await makeup(bought.token, creditId, TUESDAYS, 3), /was cancelled/);
  });

  it('given two children with credits, when one child’s place is cancelled, then only that child’s credits are voided; the other child’s still books', async () => {
    b = await makeBookingApp();
    const bought = await buy(2);
    const leaving = [await absent(bought.token, 1, 1), await absent(bought.token, 2, 1)];
    const staying = await absent(bought.token, 3, 0);

    const cancelled = await b.request(
      'POST',
      `/api/admin/enrollments/${bought.enrollmentId}/cancel`,
      { refund: 'full', participant: 1 },
      admin,
    );
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    for (const creditId of leaving)
      await expectVoidedRefusal(await makeup(bought.token, creditId, TUESDAYS, 1), /place .*was cancelled/);
    // A place that is gone reports no more absences either.
    const more = await b.request('POST', `/api/bookings/${bought.token}/absences`, { session: 4, participant: 1 });
    expect(more.status).toBe(409);
    await b.t.settle();

    for (const creditId of leaving) expect(await readModel(creditId)).toMatchObject({ status: 'voided' });
    expect(await readModel(staying)).toMatchObject({ status: 'available' });
    expect((await makeup(bought.token, staying, TUESDAYS, 2)).status).toBe(201);
    const page = await view(bought.token);
    expect(page.credits.map((c) => `${c.participant}:${c.status}`).sort()).toEqual([
      '0:booked',
      '1:voided',
      '1:voided',
    ]);
    // The office grants no credit to a place that is gone.
    const grant = await b.request(
      'POST',
      `/api/admin/enrollments/${bought.enrollmentId}/makeup-credits`,
      { participant: 1 },
      admin,
    );
    expect(grant.status).toBe(409);
  });

  it('given credits, when the whole booking is transferred to the Tuesday term, then they are voided: the family has every Tuesday session', async () => {
    b = await makeBookingApp();
    const bought = await buy();
    const credits = [await absent(bought.token, 1), await absent(bought.token, 2)];

    const moved = await b.request(
      'POST',
      `/api/admin/enrollments/${bought.enrollmentId}/transfer`,
      { workshopId: TUESDAYS },
      admin,
    );
    expect(moved.status, await moved.clone().text()).toBe(200);
    await expectVoidedRefusal(await makeup(bought.token, credits[0]!, SATURDAYS, 3), /moved to another class/);
    await b.t.settle();
    await expectVoidedRefusal(await makeup(bought.token, credits[1]!, SATURDAYS, 4), /moved to another class/);
    for (const creditId of credits)
      expect(await readModel(creditId)).toMatchObject({ status: 'voided', voided: { reason: 'booking-transferred' } });
  });

  it('given two children with credits, when one child’s place moves to the Tuesday term, then only that child’s credits are voided', async () => {
    b = await makeBookingApp();
    const bought = await buy(2);
    const moving = await absent(bought.token, 2, 1);
    const staying = await absent(bought.token, 2, 0);

    const moved = await b.request(
      'POST',
      `/api/admin/enrollments/${bought.enrollmentId}/transfer`,
      { workshopId: TUESDAYS, participant: 1 },
      admin,
    );
    expect(moved.status, await moved.clone().text()).toBe(200);
    await expectVoidedRefusal(await makeup(bought.token, moving, TUESDAYS, 3), /place .*moved to another class/);
    await b.t.settle();
    expect(await readModel(moving)).toMatchObject({ status: 'voided', voided: { reason: 'place-transferred' } });
    expect(await readModel(staying)).toMatchObject({ status: 'available' });
    expect((await makeup(bought.token, staying, TUESDAYS, 3)).status).toBe(201);
  });
});
