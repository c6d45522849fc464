import { afterEach, describe, expect, it } from 'vitest';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { seatLedgerDecider } from '../../../service/enrollment/seat-ledger.js';

/**
 * A hold belongs to whoever made it (issue 22). The enroll form used to replace the unpaid hold of
 * whoever had typed the same e-mail before: anyone who knew a parent's address could cancel that
 * parent's hold by sending the form with it. Now only the first answer's `holdToken` replaces a
 * hold, and the replacement keeps the first hold's expiry.
 */
let t: EnrollmentTestApp;
afterEach(async () => {
  await t?.close();
});

const MIN = 60_000;
const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const types = async (enrollmentId: string) =>
  (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);
const spotsLeft = async (id: string, position?: string) =>
  (await json<Workshop>(t.get(`/api/workshops/${id}${position ? `?minPosition=${position}` : ''}`))).spotsLeft;
const enroll9 = (participants: number, email: string, extra: Record<string, unknown> = {}) =>
  t.post('/api/enroll/workshop/9', { ...baseForm({ participants, email }), totalPrice: 130 * participants, ...extra });
const ledger = () => t.deps.commands.state(seatLedgerDecider, workshopStream('9'));

function manualClock(start = '2025-05-01T15:00:00Z') {
  let now = Date.parse(start);
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('a stranger who knows the parent’s e-mail', () => {
  it('given a parent holding 2 unpaid seats, when a stranger sends the form with the same e-mail, then the parent’s hold and enrollment stay and the stranger gets an enrollment of their own', async () => {
    t = await makeEnrollmentApp();
    const before = await spotsLeft('9');
    const parent = await json<EnrollmentResponse>(enroll9(2, 'ada@example.com'));
    expect(parent.holdToken).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);

    const stranger = await enroll9(1, 'Ada@Example.com');
    expect(stranger.status).toBe(201);
    const theirs = await json<EnrollmentResponse>(stranger);
    expect(theirs.holdToken).not.toBe(parent.holdToken);

    expect(await types(parent.enrollmentId)).toEqual(['EnrollmentSubmitted']);
    const seats = await ledger();
    expect(seats.holds[parent.enrollmentId]).toBe(2);
    expect(seats.holds[theirs.enrollmentId]).toBe(1);
    expect(await spotsLeft('9', theirs.position)).toBe(before - 3);
    // The parent can still pay for their seats.
    const pay = await t.post('/api/create-payment-intent', { enrollmentId: parent.enrollmentId, amount: 260 });
    expect(pay.status).toBe(200);
  });

  it('given a full workshop, when a stranger sends the form with the e-mail of a parent holding its last seats, then the stranger gets 409 and the parent keeps them', async () => {
    t = await makeEnrollmentApp();
    // Workshop 9 seats 16: 15 taken by others, the last one by the parent.
    for (let i = 0; i < 3; i++) expect((await enroll9(5, `other-${i}@example.com`)).status).toBe(201);
    const parent = await json<EnrollmentResponse>(enroll9(1, 'ada@example.com'));
    const stranger = await enroll9(1, 'ada@example.com');
    expect(stranger.status).toBe(409);
    expect((await json<{ error: string }>(stranger)).error).toMatch(/full/);
    expect((await ledger()).holds[parent.enrollmentId]).toBe(1);
    expect(await types(parent.enrollmentId)).toEqual(['EnrollmentSubmitted']);
  });

  it('given a token forged or taken from another enrollment of the workshop, then nothing is replaced; a malformed one is refused naming holdToken', async () => {
    t = await makeEnrollmentApp();
    const parent = await json<EnrollmentResponse>(enroll9(2, 'ada@example.com'));
    const [id] = parent.holdToken!.split('.');
    const forged = `${id}.${'A'.repeat(43)}`;
    const sent = await enroll9(1, 'ada@example.com', { holdToken: forged });
    expect(sent.status).toBe(201);
    expect(await types(parent.enrollmentId)).toEqual(['EnrollmentSubmitted']);
    expect((await ledger()).holds[parent.enrollmentId]).toBe(2);

    const bad = await enroll9(1, 'ada@example.com', { holdToken: 'not a token' });
    expect(bad.status).toBe(400);
    const body = await json<{ error: string; issues: { path: string }[] }>(bad);
    expect(body.issues.map((i) => i.path)).toEqual(['holdToken']);
  });
});

describe('the parent’s own resubmission', () => {
  it('given a hold made at 15:00, when the parent sends the form again at 15:10 and 15:25 with the token each answer gave, then each replaces the last, and every hold still ends at 15:30', async () => {
    const clock = manualClock();
    t = await makeEnrollmentApp({ clock: clock.now });
    const before = await spotsLeft('9');
    const first = await json<EnrollmentResponse>(enroll9(2, 'ada@example.com'));
    expect(first.holdExpiresAt).toBe('2025-05-01T15:30:00.000Z');

    clock.advance(10 * MIN);
    const second = await json<EnrollmentResponse>(enroll9(3, 'ada@example.com', { holdToken: first.holdToken }));
    expect(second.holdExpiresAt).toBe(first.holdExpiresAt);
    expect(await types(first.enrollmentId)).toEqual(['EnrollmentSubmitted', 'EnrollmentCancelled']);

    clock.advance(15 * MIN);
    const third = await json<EnrollmentResponse>(enroll9(1, 'ada@example.com', { holdToken: second.holdToken }));
    expect(third.holdExpiresAt).toBe(first.holdExpiresAt);
    expect(await spotsLeft('9', third.position)).toBe(before - 1);
    const submitted = (await t.eventStore.readStream(enrollmentStream(third.enrollmentId)))[0]!;
    expect(submitted.data).toMatchObject({ holdExpiresAt: first.holdExpiresAt });

    // At 15:31 the hold has ended: the renewals bought no time.
    clock.advance(6 * MIN);
    await t.settle();
    await t.timer.tick();
    expect(await types(third.enrollmentId)).toEqual(['EnrollmentSubmitted', 'EnrollmentExpired']);
    await t.settle();
    expect(await spotsLeft('9')).toBe(before);
  });

  it('given ten unpaid holds of one address, when each is sent again with its token as it nears its end, then none outlives the first expiry', async () => {
    const clock = manualClock();
    t = await makeEnrollmentApp({ clock: clock.now, env: { MAX_HELD_SEATS_PER_CLIENT: '10' } });
    const from = { 'x-forwarded-for': '203.0.113.80' };
    let holds: EnrollmentResponse[] = [];
    for (let i = 0; i < 10; i++)
      holds.push(
        await json<EnrollmentResponse>(
          t.post('/api/enroll/workshop/9', { ...baseForm({ email: `h${i}@example.com` }), totalPrice: 130 }, from),
        ),
      );
    clock.advance(29 * MIN);
    const renewed: EnrollmentResponse[] = [];
    for (const [i, h] of holds.entries()) {
      const r = await t.post(
        '/api/enroll/workshop/9',
        { ...baseForm({ email: `h${i}@example.com` }), totalPrice: 130, holdToken: h.holdToken },
        from,
      );
      expect(r.status).toBe(201);
      renewed.push(await json<EnrollmentResponse>(r));
    }
    expect(new Set(renewed.map((r) => r.holdExpiresAt))).toEqual(new Set(['2025-05-01T15:30:00.000Z']));
    holds = renewed;

    // Past the first expiry, a token names a hold that has ended: it is a new enrollment with a
    // new expiry, counted against the allowance like any other (the old holds no longer count).
    clock.advance(2 * MIN);
    const after = await json<EnrollmentResponse>(
      t.post(
        '/api/enroll/workshop/9',
        { ...baseForm({ email: 'h0@example.com' }), totalPrice: 130, holdToken: holds[0]!.holdToken },
        from,
      ),
    );
    expect(after.holdExpiresAt).toBe('2025-05-01T16:01:00.000Z');
    expect(await types(holds[0]!.enrollmentId)).toEqual(['EnrollmentSubmitted']);
  });

  it('given a paid workshop, when the token of an enrollment already paid is sent, then a new enrollment is made and the paid one is untouched', async () => {
    t = await makeEnrollmentApp();
    const first = await json<EnrollmentResponse>(enroll9(1, 'ada@example.com'));
    const intent = await json<{ clientSecret: string }>(
      t.post('/api/create-payment-intent', { enrollmentId: first.enrollmentId, amount: 130 }),
    );
    const paid = await t.post('/api/offline-payments/confirm', {
      clientSecret: intent.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    await t.offline.idle();
    const again = await enroll9(1, 'ada@example.com', { holdToken: first.holdToken });
    expect(again.status).toBe(201);
    expect((await types(first.enrollmentId)).at(-1)).toBe('EnrollmentConfirmed');
  });
});
