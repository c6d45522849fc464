import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingView } from '../../../contracts/booking/api.js';
import type { AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';
import type { Roster } from '../../../contracts/admin/roster.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import type { JoinWaitlistResponse } from '../../../contracts/waitlist/api.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { waitlistStream } from '../../../contracts/waitlist/events.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { adminCall } from '../admin/support.js';
import { BEFORE_SEASON, makeBookingApp, type BookingTestApp } from './support.js';
import { enrollmentDecider } from '../../../service/enrollment/decider/enrollment-decider.js';
import { afterSaleSeatsReactor } from '../../../service/enrollment/after-sale/after-sale-seats-reactor.js';

// One participant of a booking of several cancels (issue 24, item 3): that place's share goes back
// by the one pricing rule, under the school's policy, its seat is freed and offered to the
// waitlist, and every view shows who still comes.

let app: BookingTestApp;
afterEach(async () => {
  await app?.t.close();
});

/** A dinner-like class the test owns: $150 a person, $250 a couple, `capacity` seats, in September 2025. */
async function dinnerFor(capacity: number, price = 150, priceTiers = [{ participants: 2, totalPrice: 250 }]) {
  const r = await adminCall(app.t.app, 'POST', '/api/admin/workshops', {
    body: {
      title: `Supper Club ${randomUUID().slice(0, 6)}`,
      description: 'An evening of dining etiquette.',
      category: 'adult',
      date: '2025-09-20T18:00',
      endTime: '20:00',
      location: '123 Main St, Plano, TX',
      price,
      capacity,
      priceTiers,
    },
  });
  expect(r.status, await r.clone().text()).toBe(201);
  const { id } = (await r.json()) as { id: string };
  await app.t.settle();
  return id;
}

/** A family enrolls with the specification's fields and pays with the test card; answers the id and the booking link's token. */
async function book(workshopId: string, participants: number, total: number, participantNames = '') {
  const email = `parent-${randomUUID().slice(0, 8)}@example.com`;
  const r = await app.request('POST', `/api/enroll/workshop/${workshopId}`, {
    ...baseForm({ participants, participantNames, email }),
    totalPrice: total,
  });
  expect(r.status, await r.clone().text()).toBe(201);
  const { enrollmentId } = (await r.json()) as EnrollmentResponse;
  const intent = (await (
    await app.request('POST', '/api/create-payment-intent', { enrollmentId, amount: total })
  ).json()) as CreatePaymentIntentResponse;
  app.offline.confirmWithTestCard({
    clientSecret: intent.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  await app.offline.idle();
  await app.t.settle();
  const mail = app.mailer.sent.find((m) => m.to === email && m.subject.startsWith('Your enrollment is confirmed'));
  const token = /\/booking\/([A-Za-z0-9_.-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, 'the confirmation e-mail carries the booking link').toBeDefined();
  return { enrollmentId, token: token!, email };
}

const spotsLeft = async (workshopId: string) => {
  await app.t.settle();
  return ((await (await app.request('GET', `/api/workshops/${workshopId}`)).json()) as Workshop).spotsLeft;
};
const events = async (enrollmentId: string, type: string) =>
  (await app.t.eventStore.readStream(enrollmentStream(enrollmentId))).filter((e) => e.type === type);
const refunded = async (enrollmentId: string) =>
  (await events(enrollmentId, 'RefundRequested')).reduce(
    (sum, e) => sum + (e.data as { amountCents: number }).amountCents,
    0,
  );
const seatsHeld = async (workshopId: string, enrollmentId: string) =>
  (await app.t.deps.commands.state(workshopDecider, workshopStream(workshopId))).confirmed[enrollmentId] ?? 0;
const cancelByAdmin = (id: string, body: unknown) =>
  adminCall(app.t.app, 'POST', `/api/admin/enrollments/${id}/cancel`, { body });

describe('one participant of a booking of several cancels', () => {
  it('given a couple at $250 on a full class with a family waiting, when the parent cancels Ada from the booking page, then $100 goes back (Grace now pays the single $150), one seat is freed and offered to the waitlist, and the page, roster, tracker and e-mail show who still comes', async () => {
    app = await makeBookingApp();
    const workshopId = await dinnerFor(3);
    const couple = await book(workshopId, 2, 250, 'Grace Hopper, Ada Hopper');
    await book(workshopId, 1, 150);
    expect(await spotsLeft(workshopId)).toBe(0);
    const waiting = `waiting-${randomUUID().slice(0, 6)}@example.com`;
    const joined = await app.request('POST', `/api/workshops/${workshopId}/waitlist`, {
      firstName: 'Mary',
      lastName: 'Jackson',
      email: waiting,
      phone: '9725550199',
      participants: 1,
    });
    expect(joined.status).toBe(202);
    expect(((await joined.json()) as JoinWaitlistResponse).message).toMatch(/confirm/);
    await app.t.settle();
    const confirmToken = /\/waitlist\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(
      app.mailer.sent.find((m) => m.to === waiting)?.text ?? '',
    )?.[1];
    expect((await app.request('POST', '/api/waitlist/confirm', { token: confirmToken })).status).toBe(200);
    await app.t.settle();

    const before = (await (await app.request('GET', `/api/bookings/${couple.token}`)).json()) as BookingView;
    expect(before.participants.map((p) => p.name)).toEqual(['Grace Hopper', 'Ada Hopper']);
    expect(before.cancelOne).toEqual({
      terms: expect.objectContaining({ kind: 'full-refund', refundCents: 10_000 }),
      remainingCents: 15_000,
    });

    const r = await app.request('POST', `/api/bookings/${couple.token}/cancel`, { participant: 1 });

    expect(r.status, await r.clone().text()).toBe(200);
    const after = (await r.json()) as BookingView;
    expect(after.status).toBe('completed');
    expect(after.leftParticipants).toEqual([
      { participant: 1, name: 'Ada Hopper', how: 'cancelled', at: expect.any(String), refundCents: 10_000 },
    ]);
    expect(after.refunds).toEqual([{ amountCents: 10_000, to: 'card', reason: 'cancelled', status: 'issued' }]);
    expect(after.cancelOne).toBeNull();
    expect(after.cancellation).toMatchObject({ kind: 'full-refund', refundCents: 15_000 });
    expect(await refunded(couple.enrollmentId)).toBe(10_000);
    expect(await seatsHeld(workshopId, couple.enrollmentId)).toBe(1);

    // The freed seat went to the family waiting, by the offer reactor, e-mailed once.
    await app.t.settle();
    const offers = (await app.t.eventStore.readStream(waitlistStream(workshopId))).filter(
      (e) => e.type === 'WaitlistOffered',
    );
    expect(offers).toHaveLength(1);
    expect(offers[0]!.data).toMatchObject({ seats: 1 });
    expect(app.mailer.sent.filter((m) => m.to === waiting && /\?offer=/.test(m.text))).toHaveLength(1);
    // The offer link's form starts from what the family gave when joining, read behind the token.
    const offerToken = /\?offer=([A-Za-z0-9_-]+)/.exec(
      app.mailer.sent.find((m) => m.to === waiting && /\?offer=/.test(m.text))!.text,
    )![1];
    const offer = await app.request('GET', `/api/workshops/${workshopId}/waitlist/offer?token=${offerToken}`);
    expect(offer.headers.get('cache-control')).toMatch(/no-store/);
    expect(((await offer.json()) as { prefill: unknown }).prefill).toEqual({
      firstName: 'Mary',
      lastName: 'Jackson',
      email: waiting,
      phone: '9725550199',
      participants: 1,
    });

    const told = app.mailer.sent.filter((m) => m.to === couple.email && m.subject.startsWith('A place is cancelled'));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain('Ada Hopper');
    expect(told[0]!.text).toContain('Still coming: Grace Hopper. The booking now costs $150.00.');
    expect(told[0]!.text).toContain('We are refunding $100.00 (of the $250.00 you paid)');

    const roster = (await (
      await adminCall(app.t.app, 'GET', `/api/admin/workshops/${workshopId}/roster`)
    ).json()) as Roster;
    expect(roster.rows.filter((row) => row.enrollmentId === couple.enrollmentId).map((row) => row.name)).toEqual([
      'Grace Hopper',
    ]);
    const [row] = (await (
      await adminCall(app.t.app, 'GET', `/api/admin/enrollments?q=${couple.enrollmentId}`)
    ).json()) as AdminEnrollmentRecord[];
    expect(row).toMatchObject({ participants: 1, participantNames: ['Grace Hopper'], refundedAmount: 100 });

    // Again, from the page or the office: nothing more goes back, no second seat.
    const again = await app.request('POST', `/api/bookings/${couple.token}/cancel`, { participant: 1 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/Ada Hopper's place is already cancelled/);
    const last = await app.request('POST', `/api/bookings/${couple.token}/cancel`, { participant: 0 });
    expect(last.status).toBe(409);
    expect(((await last.json()) as { error: string }).error).toMatch(/only participant still coming/);
    expect(await refunded(couple.enrollmentId)).toBe(10_000);
    expect(await seatsHeld(workshopId, couple.enrollmentId)).toBe(1);
  });

  it('given a family of three at $100 each, when the office cancels one child with more than that place is worth, then 400 names refund with the most, a wrong index 400 names participant, and nothing is written', async () => {
    app = await makeBookingApp();
    const workshopId = await dinnerFor(5, 100, []);
    const family = await book(workshopId, 3, 300, 'Ann Porter, Bea Porter, Cy Porter');
    const head = await app.t.eventStore.headPosition();

    const over = await cancelByAdmin(family.enrollmentId, { participant: 2, refund: 150 });
    expect(over.status).toBe(400);
    expect(((await over.json()) as { issues: unknown }).issues).toEqual([
      {
        path: 'refund',
        message:
          "refund: at most $100.00 can be refunded for Cy Porter's place (the 2 still coming pay $200.00 of $300.00).",
      },
    ]);
    const outside = await cancelByAdmin(family.enrollmentId, { participant: 3, refund: 'full' });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('participant');
    expect(await app.t.eventStore.headPosition()).toBe(head);

    const kept = await cancelByAdmin(family.enrollmentId, {
      participant: 2,
      refund: 60,
      reason: 'Cy moved to the spring class.',
    });
    expect(kept.status, await kept.clone().text()).toBe(200);
    expect(await refunded(family.enrollmentId)).toBe(6_000);
    expect(await spotsLeft(workshopId)).toBe(3);
    const [cancelled] = await events(family.enrollmentId, 'ParticipantCancelled');
    expect(cancelled!.data).toMatchObject({
      participant: 2,
      name: 'Cy Porter',
      reason: 'cancelled-by-admin',
      note: 'Cy moved to the spring class.',
      participants: 2,
      amountCents: 20_000,
      refundCents: 6_000,
    });
  });

  it('given a family of three, when one-child cancellations of the same booking arrive at once (the same child twice, and the whole booking with one child), then they never refund more than was paid nor free more seats than were booked', async () => {
    app = await makeBookingApp();
    const workshopId = await dinnerFor(8, 100, []);
    const a = await book(workshopId, 3, 300, 'Ann Porter, Bea Porter, Cy Porter');
    const b = await book(workshopId, 3, 300, 'Dee Lane, Eve Lane, Fay Lane');
    expect(await spotsLeft(workshopId)).toBe(2);

    const onA = await Promise.all(
      [0, 1, 1, 2, 0].map((participant) => cancelByAdmin(a.enrollmentId, { participant, refund: 'full' })),
    );
    const onB = await Promise.all([
      cancelByAdmin(b.enrollmentId, { participant: 0, refund: 'full' }),
      cancelByAdmin(b.enrollmentId, { refund: 'full' }),
      cancelByAdmin(b.enrollmentId, { participant: 1, refund: 'full' }),
    ]);

    // Of three children one must stay: two places at most are cancelled, each once.
    expect(onA.filter((r) => r.status === 200)).toHaveLength(2);
    expect(onA.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await events(a.enrollmentId, 'ParticipantCancelled')).toHaveLength(2);
    expect(await refunded(a.enrollmentId)).toBe(20_000);
    expect(await seatsHeld(workshopId, a.enrollmentId)).toBe(1);

    expect(onB.some((r) => r.status === 200)).toBe(true);
    expect(await refunded(b.enrollmentId)).toBeLessThanOrEqual(30_000);
    expect(await refunded(b.enrollmentId)).toBe(30_000);
    expect(await seatsHeld(workshopId, b.enrollmentId)).toBe(0);

    // Every seat given back once: 8 seats, A keeps one.
    expect(await spotsLeft(workshopId)).toBe(7);
    const ledger = await app.t.deps.commands.state(workshopDecider, workshopStream(workshopId));
    expect(ledger.taken).toBe(1);
  });
});

describe('one participant of a booking of several moves to another date', () => {
  it('given two at $100, when the office moves Ada to a $80 class, then she has a booking of her own there (paid with $80 of the payment, e-mailed with its link), $20 goes back, one seat moves, and every later refund stays within what was paid', async () => {
    app = await makeBookingApp();
    const from = await dinnerFor(4, 100, []);
    const to = await dinnerFor(4, 80, []);
    const dearer = await dinnerFor(4, 120, []);
    const family = await book(from, 2, 200, 'Grace Hopper, Ada Hopper');
    const head = await app.t.eventStore.headPosition();

    const refused = await adminCall(app.t.app, 'POST', `/api/admin/enrollments/${family.enrollmentId}/transfer`, {
      body: { workshopId: dearer, participant: 1 },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /costs \$120\.00 for one, \$20\.00 more than Ada Hopper's place is worth here \(\$100\.00\)/,
    );
    expect(await app.t.eventStore.headPosition()).toBe(head);

    const r = await adminCall(app.t.app, 'POST', `/api/admin/enrollments/${family.enrollmentId}/transfer`, {
      body: { workshopId: to, participant: 1 },
    });

    expect(r.status, await r.clone().text()).toBe(200);
    const { newEnrollmentId, refunds } = (await r.json()) as { newEnrollmentId: string; refunds: unknown[] };
    expect(refunds).toEqual([expect.objectContaining({ amount: 20, reason: 'transfer-difference', status: 'issued' })]);
    expect(await seatsHeld(from, family.enrollmentId)).toBe(1);
    expect(await seatsHeld(to, newEnrollmentId)).toBe(1);
    expect(await spotsLeft(from)).toBe(3);
    expect(await spotsLeft(to)).toBe(3);

    // Ada's own booking: confirmed in the target, paid from the family's payment, with its e-mail and link.
    await app.t.settle();
    const ada = app.mailer.sent.find((m) => m.to === family.email && m.subject.includes(`ORD-${newEnrollmentId}`));
    expect(ada?.subject).toMatch(/^Your enrollment is confirmed/);
    const adaToken = /\/booking\/([A-Za-z0-9_.-]+)/.exec(ada?.text ?? '')?.[1];
    const adaView = (await (await app.request('GET', `/api/bookings/${adaToken}`)).json()) as BookingView;
    expect(adaView).toMatchObject({ status: 'completed', paidCents: 8_000, amountCents: 8_000 });
    expect(adaView.participants.map((p) => p.name)).toEqual(['Ada Hopper']);
    const familyView = (await (await app.request('GET', `/api/bookings/${family.token}`)).json()) as BookingView;
    expect(familyView.leftParticipants).toEqual([
      expect.objectContaining({
        participant: 1,
        how: 'transferred',
        to: { title: expect.any(String), enrollmentId: newEnrollmentId },
      }),
    ]);
    const rosterTo = (await (await adminCall(app.t.app, 'GET', `/api/admin/workshops/${to}/roster`)).json()) as Roster;
    expect(rosterTo.rows.map((row) => row.name)).toEqual(['Ada Hopper']);

    // Both bookings cancelled in full: the payment is given back once, never more.
    expect((await cancelByAdmin(newEnrollmentId, { refund: 'full' })).status).toBe(200);
    expect((await cancelByAdmin(family.enrollmentId, { refund: 'full' })).status).toBe(200);
    expect(await refunded(newEnrollmentId)).toBe(8_000);
    expect(await refunded(family.enrollmentId)).toBe(2_000 + 10_000);
    // The provider refuses more than is left on the charge: every refund went through, $200 in all.
    await app.t.settle();
    const issued = [
      ...(await events(newEnrollmentId, 'RefundIssued')),
      ...(await events(family.enrollmentId, 'RefundIssued')),
    ].reduce((sum, e) => sum + (e.data as { amountCents: number }).amountCents, 0);
    expect(issued).toBe(20_000);
    expect(await events(family.enrollmentId, 'RefundFailed')).toEqual([]);
    expect(await spotsLeft(from)).toBe(4);
    expect(await spotsLeft(to)).toBe(4);
  });
});

describe('the seat of a place given back after a crash', () => {
  it('given a place cancelled and its seat-giving delivered again and again (a crash before the checkpoint, a second process), then the workshop gets exactly one seat back', async () => {
    app = await makeBookingApp();
    const workshopId = await dinnerFor(6, 100, []);
    const family = await book(workshopId, 3, 300, 'Ann Porter, Bea Porter, Cy Porter');
    const metadata = {
      correlationId: 'crash',
      causationId: 'crash',
      actor: 'admin' as const,
      at: BEFORE_SEASON.toISOString(),
    };

    await app.t.deps.commands.handle(
      enrollmentDecider,
      enrollmentStream(family.enrollmentId),
      {
        type: 'CancelParticipant',
        participant: 0,
        by: 'admin',
        refund: { kind: 'none' },
        note: null,
        notify: false,
        at: BEFORE_SEASON.toISOString(),
      },
      metadata,
    );
    // The seats workflow handles the cancellation three times at once, then once more.
    const reactor = afterSaleSeatsReactor(app.t.deps);
    const cancelled = (await app.t.eventStore.readStream(enrollmentStream(family.enrollmentId))).find(
      (e) => e.type === 'ParticipantCancelled',
    )!;
    const deliver = () =>
      reactor.handle(cancelled as never, { metadata, idempotencyKey: `after-sale-seats@${cancelled.position}` });
    await Promise.all([1, 2, 3].map(deliver));
    await deliver();

    expect(await seatsHeld(workshopId, family.enrollmentId)).toBe(2);
    expect(await spotsLeft(workshopId)).toBe(4);
    const released = (await app.t.eventStore.readStream(workshopStream(workshopId))).filter(
      (e) => e.type === 'SeatsReleased',
    );
    expect(released.map((e) => (e.data as { seats: number }).seats)).toEqual([1]);
  });
});
