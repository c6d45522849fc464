import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';
import { enrollAndOpenPayment } from './payment-support.js';
import { enrollmentStream, type EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { OfflineConfirmResponse } from '../../../contracts/payments/api.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';

/**
 * A parent who submits the form again for the same workshop while the first enrollment is unpaid,
 * from the same browser (the first answer's hold token comes with the form): the new hold replaces
 * the old one (seats back at once), the old enrollment ends visibly, and a late payment of the old
 * one follows the usual late-payment path. Without the token nothing is replaced
 * (hold-ownership.int.test.ts).
 */
let t: EnrollmentTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const types = async (enrollmentId: string) =>
  (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);
const spotsLeft = async (id: string, position?: string) =>
  (await json<Workshop>(t.get(`/api/workshops/${id}${position ? `?minPosition=${position}` : ''}`))).spotsLeft;
const enroll9 = (participants: number, email = 'eleanor@example.com', holdToken?: string) =>
  t.post('/api/enroll/workshop/9', {
    ...baseForm({ participants, email }),
    totalPrice: 130 * participants,
    ...(holdToken ? { holdToken } : {}),
  });
const pay = (clientSecret: string) =>
  json<OfflineConfirmResponse>(
    t.post('/api/offline-payments/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    }),
  );

describe('a resubmission replaces the unpaid hold', () => {
  it('given a parent holding 2 seats, when they submit again for 3 with the hold token of the first answer, then the 2 seats go back and the first enrollment is cancelled as replaced', async () => {
    t = await makeEnrollmentApp();
    const before = await spotsLeft('9');
    const first = await json<EnrollmentResponse>(enroll9(2));
    const second = await json<EnrollmentResponse>(enroll9(3, 'eleanor@example.com', first.holdToken));
    expect(second.success).toBe(true);

    expect(await spotsLeft('9', second.position)).toBe(before - 3);
    expect(await types(first.enrollmentId)).toEqual(['EnrollmentSubmitted', 'EnrollmentCancelled']);
    const cancelled = (await t.eventStore.readStream(enrollmentStream(first.enrollmentId)))[1]!;
    expect(cancelled.data).toMatchObject({ reason: 'replaced-by-new-submission', replacedBy: second.enrollmentId });
    const seatEvents = (await t.eventStore.readStream(workshopStream('9'))).slice(-2);
    expect(seatEvents.map((e) => [e.type, (e.data as { enrollmentId: string }).enrollmentId])).toEqual([
      ['SeatsReleased', first.enrollmentId],
      ['SeatsReserved', second.enrollmentId],
    ]);
    // Neither the e-mail nor the client address is in the seat events.
    expect(JSON.stringify(seatEvents.map((e) => e.data))).not.toMatch(/eleanor|198\.18\./i);

    // Its checkout says what happened.
    const payOld = await t.post('/api/create-payment-intent', { enrollmentId: first.enrollmentId, amount: 260 });
    expect(payOld.status).toBe(409);
    expect((await json<{ error: string }>(payOld)).error).toMatch(
      /^You sent the enrollment form again, so this earlier enrollment was replaced by the newer one/,
    );

    // The tracker shows the first one as cancelled, with why.
    const history = await json<{ events: { summary: string }[] }>(
      t.app.request(`/api/admin/enrollments/${first.enrollmentId}/history?minPosition=${second.position}`, {
        headers: { 'Admin-Key': 'test-admin-key-123456' },
      }),
    );
    expect(history.events.map((h) => h.summary).join(' ')).toMatch(/the same parent submitted the form again/);
  });

  it("given a free workshop, when one parent's form arrives twice at once, then neither replaces the other: both are confirmed", async () => {
    t = await makeEnrollmentApp();
    const twice = await Promise.all(
      [0, 1].map(() =>
        t.post('/api/enroll/workshop/10', { ...baseForm({ email: 'double.click@example.com' }), totalPrice: 0 }),
      ),
    );
    expect(twice.map((r) => r.status)).toEqual([201, 201]);
    for (const r of twice)
      expect(await types((await json<EnrollmentResponse>(r)).enrollmentId)).toEqual([
        'EnrollmentSubmitted',
        'EnrollmentConfirmed',
      ]);
  });

  it('given another parent with another e-mail, when they enroll, then nothing of the first parent is replaced', async () => {
    t = await makeEnrollmentApp();
    const before = await spotsLeft('9');
    await enroll9(2);
    const other = await json<EnrollmentResponse>(enroll9(2, 'someone.else@example.com'));
    expect(await spotsLeft('9', other.position)).toBe(before - 4);
  });

  it('given a replaced enrollment whose payment was already under way, when it is paid and seats are still free, then it is confirmed as well', async () => {
    t = await makeEnrollmentApp();
    const { enrollmentId: old, holdToken, intent } = await enrollAndOpenPayment(t, 1);
    await enroll9(1, 'eleanor@example.com', holdToken);
    expect(await types(old)).toContain('EnrollmentCancelled');
    await pay(intent.clientSecret);
    await t.offline.idle();
    await t.settle();
    expect((await types(old)).slice(-2)).toEqual(['PaymentSucceeded', 'EnrollmentConfirmed']);
  });

  it('given a replaced enrollment whose payment was under way, when it is paid after the workshop filled, then the money goes back', async () => {
    t = await makeEnrollmentApp();
    const { enrollmentId: old, holdToken, intent } = await enrollAndOpenPayment(t, 1);
    await enroll9(1, 'eleanor@example.com', holdToken);
    // Workshop 9 seats 16: other parents take the other 15.
    for (let i = 0; i < 3; i++) expect((await enroll9(5, `other-${i}@example.com`)).status).toBe(201);
    await pay(intent.clientSecret);
    await t.offline.idle();
    await t.settle();
    expect((await types(old)).slice(-2)).toEqual(['PaymentSucceeded', 'RefundIssued']);
  });

  it('given the replaced enrollment was recorded only after its hold was replaced (two submissions racing), when its hold time passes, then the hold timer expires it', async () => {
    let now = new Date('2025-05-01T15:00:00Z');
    t = await makeEnrollmentApp({ clock: () => now });
    const late = randomUUID();
    const metadata = { correlationId: late, causationId: late, actor: 'visitor' as const, at: now.toISOString() };
    const expiresAt = new Date(now.getTime() + 30 * 60_000).toISOString();
    // The first request held seats, the second replaced that hold, and only then did the first record its enrollment.
    await t.eventStore.append(
      workshopStream('9'),
      [
        {
          id: randomUUID(),
          type: 'SeatsReserved',
          data: { workshopId: '9', enrollmentId: late, seats: 1, expiresAt },
          metadata,
        },
      ],
      'any',
    );
    await t.eventStore.append(
      workshopStream('9'),
      [
        {
          id: randomUUID(),
          type: 'SeatsReleased',
          data: { workshopId: '9', enrollmentId: late, seats: 1, reason: 'replaced', replacedBy: 'newer' },
          metadata,
        },
      ],
      'any',
    );
    const submitted = (await json<EnrollmentResponse>(enroll9(1, 'late@example.com'))).enrollmentId;
    const sub = (await t.eventStore.readStream(enrollmentStream(submitted)))[0]!.data as EnrollmentSubmitted;
    await t.eventStore.append(
      enrollmentStream(late),
      [
        {
          id: randomUUID(),
          type: 'EnrollmentSubmitted',
          data: { ...sub, enrollmentId: late, holdExpiresAt: expiresAt },
          metadata,
        },
      ],
      'no_stream',
    );
    await t.settle();

    now = new Date(now.getTime() + 29 * 60_000);
    await t.timer.tick();
    expect(await types(late)).toEqual(['EnrollmentSubmitted']);
    now = new Date(now.getTime() + 2 * 60_000);
    await t.timer.tick();
    expect(await types(late)).toEqual(['EnrollmentSubmitted', 'EnrollmentExpired']);
    await t.settle();
    // Once ended, nothing is left for the hold timer to look at.
    expect((await t.readStore.get('seat-holds', late))?.doc ?? null).toBeNull();
  });
});
