import { afterEach, describe, expect, it } from 'vitest';
import { campInThree, type CampInThree } from './installment-support.js';
import { FaultyPayments } from '../../support/faults.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { InstallmentActionResult } from '../../../contracts/admin/installments.js';
import { chargeInstallment } from '../../../service/enrollment/installments/charge-installment.js';

// Issue 43 item 2: the office charges a due instalment now, or waives it
// (POST /api/admin/enrollments/:id/installments/:n/charge and …/waive). The charge is the
// charging reactor's, never the request's: the answer waits for it by position.

let camp: CampInThree;
afterEach(async () => {
  await camp?.t.close();
});

async function booked(): Promise<string> {
  camp = await campInThree();
  return camp.book();
}

const office = (enrollmentId: string, n: number | string, action: 'charge' | 'waive', body: unknown = {}) =>
  camp.t.admin('POST', `/api/admin/enrollments/${enrollmentId}/installments/${n}/${action}`, body);
const planEvents = async (enrollmentId: string) =>
  (await camp.t.eventStore.readStream(installmentPlanStream(enrollmentId))).map((e) => e.type);

describe("the office's charge now and waive of an instalment (issue 43 item 2)", () => {
  it('given instalment 2 due on June 1, when the office charges it on May 10, then the saved card is charged once, by the reactor, and the booking shows it paid', async () => {
    const enrollmentId = await booked();
    camp.setNow('2025-05-10T15:00:00Z');
    const r = await office(enrollmentId, 2, 'charge');
    expect(r.status, await r.clone().text()).toBe(200);
    expect(((await r.json()) as InstallmentActionResult).installment).toEqual({
      n: 2,
      amountCents: 10_000,
      dueAt: '2025-06-01T15:00:00.000Z',
      status: 'paid',
    });
    await camp.t.settle();
    expect(await planEvents(enrollmentId)).toEqual([
      'InstallmentPlanStarted',
      'InstallmentChargeRequested',
      'InstallmentChargeStarted',
      'InstallmentPaid',
    ]);
    const page = await camp.booking(enrollmentId);
    expect(page.installments.map((i) => i.status)).toEqual(['paid', 'paid', 'due']);
    expect(page.balanceCents).toBe(10_000);
    // Its date comes: nothing more is charged for it.
    expect(await camp.passAt('2025-06-01T15:00:00Z')).toEqual({ paid: 0, declined: 0, failures: 0 });
    // Asked again: it is paid.
    const again = await office(enrollmentId, 2, 'charge');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'Instalment 2 is already paid.', code: 'conflict' });
  });

  it('given a charge asked for and served, when the request is delivered again (or another runner passes), then nothing more is charged', async () => {
    const enrollmentId = await booked();
    camp.setNow('2025-05-10T15:00:00Z');
    expect((await office(enrollmentId, 3, 'charge')).status).toBe(200);
    const payments = new FaultyPayments(camp.t.offline);
    const meta = { correlationId: 't', causationId: 't', actor: 'system' as const, at: '2025-05-10T15:00:00Z' };
    // A redelivery of the request and a second runner: the request was served, nothing is charged.
    expect(await chargeInstallment({ ...camp.t.deps, payments }, enrollmentId, 3, meta)).toBe('nothing');
    expect(payments.chargeCalls).toEqual([]);
    expect((await planEvents(enrollmentId)).filter((e) => e === 'InstallmentPaid')).toHaveLength(1);
  });

  it('given instalment 3, when the office waives it, then it is never charged and the booking owes $100 less', async () => {
    const enrollmentId = await booked();
    const r = await office(enrollmentId, 3, 'waive');
    expect(r.status, await r.clone().text()).toBe(200);
    expect(((await r.json()) as InstallmentActionResult).installment.status).toBe('waived');
    await camp.t.settle();
    const events = (await camp.t.eventStore.readStream(enrollmentStream(enrollmentId))).filter(
      (e) => e.type === 'InstallmentWaiverRecorded',
    );
    expect(events.map((e) => e.data)).toEqual([
      { enrollmentId, n: 3, amountCents: 10_000, waivedAt: '2025-05-01T15:00:00.000Z' },
    ]);
    expect(await camp.passAt('2025-06-01T15:00:00Z')).toMatchObject({ paid: 1 });
    expect(await camp.passAt('2025-07-01T15:00:00Z')).toEqual({ paid: 0, declined: 0, failures: 0 });
    const page = await camp.booking(enrollmentId);
    expect(page.installments.map((i) => i.status)).toEqual(['paid', 'paid', 'waived']);
    expect(page.balanceCents).toBe(0);
    const record = (await (await camp.t.admin('GET', `/api/admin/enrollments/${enrollmentId}`)).json()) as {
      balanceCents: number;
    };
    expect(record.balanceCents).toBe(0);
    const twice = await office(enrollmentId, 3, 'waive');
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: 'Instalment 3 was waived: it is not charged.', code: 'conflict' });
    expect((await office(enrollmentId, 3, 'charge')).status).toBe(409);
  });

  it('given the routes, then 404 for an instalment or booking the plan does not have, 409 for a cancelled booking, 400 naming n or the body', async () => {
    const enrollmentId = await booked();
    const none = await office(enrollmentId, 4, 'charge');
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({
      error: 'This booking has no instalment 4: it is paid in 3.',
      code: 'not_found',
    });
    const unknown = await office('no-such-booking', 2, 'waive');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });
    for (const n of ['0', 'two']) {
      const bad = await office(enrollmentId, n, 'charge');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: 'validation', error: expect.stringMatching(/^n\b/) });
    }
    const body = await office(enrollmentId, 2, 'waive', { amount: 5 });
    expect(body.status).toBe(400);
    expect(await body.json()).toMatchObject({ code: 'validation' });

    const cancelled = await camp.t.admin('POST', `/api/admin/enrollments/${enrollmentId}/cancel`, {
      refund: 'none',
      reason: 'The family moved away.',
    });
    expect(cancelled.status).toBe(200);
    const late = await office(enrollmentId, 2, 'charge');
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: 'This enrollment is cancelled and cannot be paid.', code: 'conflict' });
    // The refused charge records nothing; the cancellation ended the plan and detached its card.
    await camp.t.settle();
    expect(await planEvents(enrollmentId)).toEqual([
      'InstallmentPlanStarted',
      'InstallmentPlanEnded',
      'InstallmentCardDetached',
    ]);
  });
});
