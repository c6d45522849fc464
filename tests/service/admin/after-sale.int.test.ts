import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { FaultyEventStore, FaultyPayments } from '../../support/faults.js';
import { MemoryMailer } from '../../support/memory-mailer.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { adminCall } from './support.js';
import { OfflinePayments } from '../../../service/payments/offline-adapter.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { ProcessorRunner } from '../../../platform/processor/runner.js';
import { eventSchemas } from '../../../contracts/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { AfterSaleResult } from '../../../contracts/admin/after-sale.js';
import type { AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';
import type { EnrollmentHistory } from '../../../contracts/admin/history.js';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import { reactorsFor } from '../../../service/compose.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';

/** Before every seeded workshop begins. */
const NOW = new Date('2025-05-01T12:00:00Z');

let t: TestApp;
let payments: FaultyPayments;
let mailer: MemoryMailer;
afterEach(async () => {
  await t?.close();
});

async function setup(o: { reactors?: boolean; eventStore?: FaultyEventStore } = {}) {
  const offline = new OfflinePayments({ webhookSecret: 'whsec_after_sale' });
  payments = new FaultyPayments(offline);
  mailer = new MemoryMailer();
  t = await makeTestApp({
    reactors: o.reactors ?? true,
    clock: () => NOW,
    eventStore: o.eventStore,
    extra: () => ({ payments, mailer }),
  });
  return offline;
}

const post = async <T>(path: string, body: unknown) => {
  const r = await t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as T };
};

/** A parent enrolls `participants` in a workshop, priced `totalDollars`, and pays with the test card; answers the confirmed enrollment's id. */
async function buy(workshopId: string, participants: number, totalDollars: number): Promise<string> {
  const email = `parent-${randomUUID().slice(0, 8)}@example.com`;
  const enrolled = await post<EnrollmentResponse>(`/api/enroll/workshop/${workshopId}`, {
    ...baseForm({ participants, email }),
    totalPrice: totalDollars,
  });
  expect(enrolled.status).toBe(201);
  const { enrollmentId } = enrolled.body;
  const intent = await post<CreatePaymentIntentResponse>('/api/create-payment-intent', {
    enrollmentId,
    amount: totalDollars,
  });
  const offline = (payments.inner as OfflinePayments).confirmWithTestCard({
    clientSecret: intent.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(offline?.paymentIntent?.status).toBe('succeeded');
  await (payments.inner as OfflinePayments).idle();
  await t.settle();
  expect(await types(enrollmentId)).toContain('EnrollmentConfirmed');
  return enrollmentId;
}

const types = async (enrollmentId: string) =>
  (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);
const ofType = async (enrollmentId: string, type: string) =>
  (await t.eventStore.readStream(enrollmentStream(enrollmentId))).filter((e) => e.type === type);
const spotsLeft = async (workshopId: string) => {
  await t.settle();
  return ((await (await t.app.request(`/api/workshops/${workshopId}`)).json()) as Workshop).spotsLeft;
};
const row = async (id: string, position: string) => {
  const r = await adminCall(t.app, 'GET', `/api/admin/enrollments?q=${id}&minPosition=${position}`);
  return ((await r.json()) as AdminEnrollmentRecord[])[0]!;
};
const cancel = (id: string, body: unknown) => adminCall(t.app, 'POST', `/api/admin/enrollments/${id}/cancel`, { body });

describe('cancel and refund by the administrator', () => {
  it('given $250 paid for two at the dinner (the couple’s price), when cancelled with $120 back and a reason, then seats return, $120 is refunded, the parent is told, and the admin screens show it', async () => {
    await setup();
    const id = await buy('6', 2, 250);
    const before = await spotsLeft('6');

    const r = await cancel(id, { refund: 120, reason: 'The instructor is ill.' });
    expect(r.status).toBe(200);
    const result = (await r.json()) as AfterSaleResult;
    expect(result).toMatchObject({
      enrollmentId: id,
      status: 'cancelled',
      refunds: [{ amount: 120, reason: 'cancelled', status: 'issued', attempt: 1 }],
    });
    expect(await spotsLeft('6')).toBe(before + 2);
    const [issued] = await ofType(id, 'RefundIssued');
    expect(issued?.data).toMatchObject({ amountCents: 12_000, refundKey: `${id}-1` });
    expect(payments.refundCalls).toEqual([
      { paymentIntentId: expect.any(String), idempotencyKey: `refund-${id}-1-a1`, amountCents: 12_000, refused: false },
    ]);

    await t.settle();
    const mail = mailer.sent.find((m) => m.subject.startsWith('Your enrollment is cancelled'));
    expect(mail?.to).toMatch(/@example\.com$/);
    expect(mail?.text).toContain('Reason: The instructor is ill.');
    expect(mail?.text).toContain('We are refunding $120.00 (of the $250.00 you paid)');
    expect(mail?.html).toContain('The instructor is ill.');
    expect(await ofType(id, 'CustomerNotified')).toHaveLength(1);

    const tracker = await row(id, result.position);
    expect(tracker).toMatchObject({ status: 'cancelled', paymentStatus: 'partially-refunded', refundedAmount: 120 });
    const cancelledTab = await adminCall(
      t.app,
      'GET',
      `/api/admin/enrollments?status=cancelled&minPosition=${result.position}`,
    );
    expect(((await cancelledTab.json()) as AdminEnrollmentRecord[]).map((x) => x.id)).toContain(id);
    const history = (await (
      await adminCall(t.app, 'GET', `/api/admin/enrollments/${id}/history?minPosition=${result.position}`)
    ).json()) as EnrollmentHistory;
    const summaries = history.events.map((e) => `${e.type} by ${e.actor}: ${e.summary}`);
    expect(summaries).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^EnrollmentCancelled by admin: .*"The instructor is ill\."/),
        expect.stringMatching(/^RefundIssued by system: Refund of \$120\.00 issued/),
      ]),
    );
    const dashboard = (await (
      await adminCall(t.app, 'GET', `/api/admin/dashboard?minPosition=${result.position}`)
    ).json()) as Dashboard;
    expect(dashboard.revenue).toBe(250 - 120);
  });

  it('given a paid enrollment, when two cancels with a full refund arrive at once, then one 200, one 409, and one refund', async () => {
    await setup();
    const id = await buy('6', 2, 250);
    const answers = await Promise.all([cancel(id, { refund: 'full' }), cancel(id, { refund: 'full' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(await refused.json()).toMatchObject({ code: 'conflict', error: expect.stringMatching(/already cancelled/) });
    await t.settle();
    expect(await ofType(id, 'EnrollmentCancelled')).toHaveLength(1);
    expect(await ofType(id, 'RefundRequested')).toHaveLength(1);
    expect(await ofType(id, 'RefundIssued')).toHaveLength(1);
    expect(payments.refundCalls).toHaveLength(1);
  });

  it('given two API processes on one store, when each takes a cancel at once, then the stream revision decides: one refund', async () => {
    await setup();
    const id = await buy('6', 1, 150);
    // A second process: its own command handler (no shared queue), the same event store.
    const { createCommandHandler } = await import('../../../service/compose.js');
    const { cancelEnrollment } = await import('../../../service/enrollment/after-sale/cancel.js');
    const other = { ...t.deps, commands: createCommandHandler(t.eventStore) };
    const meta = { correlationId: 'c', causationId: 'c', actor: 'admin' as const, at: NOW.toISOString() };
    const input = { by: 'admin' as const, refund: { kind: 'full' as const }, note: null, notify: false };
    const outcomes = await Promise.allSettled([
      cancelEnrollment(t.deps, id, input, meta),
      cancelEnrollment(other, id, input, meta),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    await t.settle();
    expect(await ofType(id, 'RefundIssued')).toHaveLength(1);
    expect(payments.refundCalls).toHaveLength(1);
  });

  it('given $150 paid, when $150.01 is asked back, then 400 naming refund and nothing is written; a bad refund value is refused too', async () => {
    await setup();
    const id = await buy('6', 1, 150);
    const head = await t.eventStore.headPosition();
    const over = await cancel(id, { refund: 150.01 });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      error: expect.stringMatching(/^refund: at most \$150\.00/),
      issues: [{ path: 'refund' }],
    });
    for (const refund of [-5, 0, 'half', 12.345, null]) {
      const bad = await cancel(id, { refund });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('refund');
    }
    expect(await t.eventStore.headPosition()).toBe(head);
    expect(await types(id)).not.toContain('EnrollmentCancelled');
  });

  it('given the provider refuses the refund, then the enrollment stays cancelled with the refund failed and shown; a retry makes it once', async () => {
    await setup();
    const id = await buy('6', 1, 150);
    payments.refuseRefunds(1);
    const first = (await (await cancel(id, { refund: 'full', notify: false })).json()) as AfterSaleResult;
    expect(first).toMatchObject({
      status: 'cancelled',
      refunds: [{ amount: 150, status: 'failed', attempt: 1, failure: expect.stringMatching(/refused the refund/) }],
    });
    expect(await row(id, first.position)).toMatchObject({ status: 'cancelled', paymentStatus: 'refund-failed' });

    const retried = await adminCall(t.app, 'POST', `/api/admin/enrollments/${id}/refund/retry`, { body: {} });
    expect(retried.status).toBe(200);
    const second = (await retried.json()) as AfterSaleResult;
    expect(second.refunds).toEqual([expect.objectContaining({ amount: 150, status: 'issued', attempt: 2 })]);
    expect(await row(id, second.position)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 150 });
    expect(payments.refundCalls.map((c) => [c.idempotencyKey, c.refused])).toEqual([
      [`refund-${id}-1-a1`, true],
      [`refund-${id}-1-a2`, false],
    ]);

    const again = await adminCall(t.app, 'POST', `/api/admin/enrollments/${id}/refund/retry`, { body: {} });
    expect(again.status).toBe(409);
    await t.settle();
    expect(await ofType(id, 'RefundIssued')).toHaveLength(1);
    expect(mailer.sent.filter((m) => m.subject.startsWith('Your enrollment is cancelled'))).toHaveLength(0);
  });

  it('given the provider makes the refund but its answer is lost twice, then the reactor asks again with the same key and the money goes back once', async () => {
    const offline = await setup();
    const id = await buy('6', 1, 150);
    payments.timeOutRefunds(2, 'after');
    await cancel(id, { refund: 'full', notify: false });
    await t.settle();
    expect(await ofType(id, 'RefundIssued')).toHaveLength(1);
    expect(payments.injected).toBe(2);
    expect(payments.refundCalls.map((c) => c.idempotencyKey)).toEqual(Array(3).fill(`refund-${id}-1-a1`));
    // The provider holds one refund: asking for one cent more on that charge is refused as nothing is left.
    const [issued] = await ofType(id, 'RefundIssued');
    await expect(
      offline.refund((issued!.data as { paymentIntentId: string }).paymentIntentId, 'probe', 1),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' });
    // Delivered again from the start (a crash before the checkpoint, a rebuilt read store): nothing more.
    await t.replayReactors();
    expect(await ofType(id, 'RefundIssued')).toHaveLength(1);
    expect(payments.refundCalls).toHaveLength(3);
  });
});

describe('cancelled before its confirmation e-mail left', () => {
  it('given a confirmation not yet mailed, when cancelled, then the parent gets the cancellation only and the e-mails go on', async () => {
    await setup({ reactors: false });
    const id = await buy('6', 1, 150);
    const { cancelEnrollment } = await import('../../../service/enrollment/after-sale/cancel.js');
    const meta = { correlationId: 'c', causationId: 'c', actor: 'admin' as const, at: NOW.toISOString() };
    await cancelEnrollment(t.deps, id, { by: 'admin', refund: { kind: 'none' }, note: null, notify: true }, meta);
    const later = await buy('9', 1, 130);

    const runner = new ProcessorRunner({
      eventStore: t.eventStore,
      readStore: t.readStore,
      reactors: reactorsFor(t.deps),
      owner: 'mailer',
    });
    runner.start();
    try {
      expect(await runner.waitFor(await t.eventStore.headPosition(), undefined, 10_000)).toBe(true);
      expect(await runner.waitFor(await t.eventStore.headPosition(), undefined, 10_000)).toBe(true);
    } finally {
      await runner.stop();
    }
    const subjects = mailer.sent.map((m) => m.subject);
    expect(subjects.filter((x) => x.includes(id))).toEqual([
      `Your enrollment is cancelled: Etiquette After Dark - Dinner (ORD-${id})`,
    ]);
    expect(subjects.filter((x) => x.includes(later))).toEqual([expect.stringMatching(/^Your enrollment is confirmed/)]);
  });
});

describe('transfer by the administrator', () => {
  it('given three at the $150 dinner, when moved to the $130 evening, then the seats move, $60 goes back, and the parent gets the new date with a calendar file', async () => {
    await setup();
    const id = await buy('6', 3, 450);
    const [dinner, evening] = [await spotsLeft('6'), await spotsLeft('9')];
    const r = await adminCall(t.app, 'POST', `/api/admin/enrollments/${id}/transfer`, { body: { workshopId: '9' } });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      workshopId: '9',
      status: 'completed',
      refunds: [{ amount: 60, reason: 'transfer-difference', status: 'issued' }],
    });
    expect([await spotsLeft('6'), await spotsLeft('9')]).toEqual([dinner + 3, evening - 3]);
    const mail = mailer.sent.find((m) => m.subject.startsWith('Your enrollment has moved'));
    expect(mail?.text).toContain('Etiquette After Dark');
    expect(mail?.text).toContain('Saturday, September 27, 2025');
    expect(mail?.text).toContain('refunding the difference of $60.00');
    expect(mail?.html).toContain('Saturday, September 27, 2025');
    const ics = mail?.attachments.find((a) => a.filename.endsWith('.ics'))?.content ?? '';
    expect(ics).toContain('DTSTART:20250927T230000Z');
    expect(ics).toContain(`UID:ORD-${id}@`);
    expect(ics).toContain('SEQUENCE:1');
  });

  it('given a dearer, a full or a begun target, then 409 with the reason, and nothing moves', async () => {
    await setup();
    const id = await buy('9', 3, 390);
    const head = await t.eventStore.headPosition();
    const dearer = await adminCall(t.app, 'POST', `/api/admin/enrollments/${id}/transfer`, {
      body: { workshopId: '6' },
    });
    expect(dearer.status).toBe(409);
    expect(((await dearer.json()) as { error: string }).error).toMatch(
      /\$60\.00 more than this enrollment's \$390\.00/,
    );
    expect(await t.eventStore.headPosition()).toBe(head);

    // The $0 networking evening, made to hold one seat: too small for two.
    const w = await t.deps.commands.state(workshopDecider, workshopStream('10'));
    await t.deps.commands.handle(
      workshopDecider,
      workshopStream('10'),
      { type: 'UpdateWorkshop', workshop: { ...w.workshop!, capacity: 1 } },
      { correlationId: 'x', causationId: 'x', actor: 'admin', at: NOW.toISOString() },
    );
    const full = await adminCall(t.app, 'POST', `/api/admin/enrollments/${id}/transfer`, {
      body: { workshopId: '10' },
    });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string }).error).toMatch(/only 1 seat left and this enrollment needs 3/);
    expect(await types(id)).not.toContain('TransferRequested');
    expect(await spotsLeft('9')).toBe(16 - 3);
  });

  it.each([
    [
      'before the outcome is recorded',
      (s: string, events: readonly { type: string }[]) =>
        events.some((e) => e.type === 'EnrollmentTransferred') && s.startsWith('enrollment-'),
    ],
    ['before the source gives its seats back', (s: string) => s === workshopStream('6')],
  ])(
    'given the seats workflow failing %s, then it tries again and the seats end in one workshop, the transfer recorded once',
    async (_when, match) => {
      const store = new FaultyEventStore(validatingEventStore(new MemoryEventStore(), eventSchemas));
      await setup({ reactors: true, eventStore: store });
      const id = await buy('6', 3, 450);
      const [dinner, evening] = [await spotsLeft('6'), await spotsLeft('9')];

      // The workflow's write fails once between its steps (its process dying there does the same:
      // the next delivery finds the first steps done and goes on from there).
      store.failAppends({ match: (s, events) => match(s, events), when: 'before' });
      const r = await adminCall(t.app, 'POST', `/api/admin/enrollments/${id}/transfer`, { body: { workshopId: '9' } });
      expect(r.status).toBe(200);
      await t.settle();
      expect(store.injected).toBe(1);
      expect([await spotsLeft('6'), await spotsLeft('9')]).toEqual([dinner + 3, evening - 3]);
      expect(await ofType(id, 'EnrollmentTransferred')).toHaveLength(1);
      expect(await ofType(id, 'RefundIssued')).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ amountCents: 6_000 }) }),
      ]);
      const source = await t.deps.commands.state(workshopDecider, workshopStream('6'));
      const target = await t.deps.commands.state(workshopDecider, workshopStream('9'));
      expect([source.confirmed[id], target.confirmed[id]]).toEqual([undefined, 3]);
    },
  );
});
