import { afterEach, describe, expect, it } from 'vitest';
import { baseForm, strictForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from '../pricing/support.js';
import { nextParentEmail, nextVisitorAddress } from '../../support/visitors.js';
import { enrollInWorkshop } from '../../../service/enrollment/sale/enroll-workshop.js';
import type { EventMetadata } from '../../../contracts/core/events.js';
import type { AfterSaleResult, TransferOptions } from '../../../contracts/admin/after-sale.js';

/**
 * Issue 37, item 7: a transfer compares list prices and keeps the booking's discounts: a booking
 * bought with a 15% code ($191.25 a place) moves to a class of the same $225 list price at no cost.
 */

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const metadata = (): EventMetadata => ({
  correlationId: 'c',
  causationId: 'c',
  actor: 'visitor',
  at: new Date().toISOString(),
});

async function paidBooking(workshopId: string, participants: number, total: number, extra = {}) {
  const enrolled = await enrollInWorkshop(
    t.deps,
    workshopId,
    { ...baseForm({ email: nextParentEmail(), participants }), totalPrice: total, ...extra },
    metadata(),
    nextVisitorAddress(),
  );
  const intent = (await (
    await t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: total })
  ).json()) as { clientSecret: string };
  await t.pay(intent.clientSecret);
  return enrolled.enrollmentId;
}

/** The children's form for two, of these ages (the contact's e-mail left to the booking). */
function strictChildren(ages: [number, number]) {
  const { email: _email, ...form } = strictForm({ participants: 2, studentAge: ages[0] });
  return { ...form, participantDetails: form.participantDetails!.map((p, i) => ({ ...p, age: ages[i]! })) };
}

const transfer = async (id: string, body: Record<string, unknown>) => {
  const r = await t.admin('POST', `/api/admin/enrollments/${id}/transfer`, body);
  const answer = (await r.json()) as AfterSaleResult & { error?: string };
  await t.settle();
  return { status: r.status, answer };
};

describe('transfers at the promised price', () => {
  it('given two places bought with a 15% code ($382.50), when one child moves to another $225 class, then the move is made at no cost: $191.25 goes with them, nothing is refunded', async () => {
    t = await makePricingApp();
    await t.createCode({ code: 'FIFTEEN', percentOff: 15 });
    await t.scheduleWorkshop({ id: 'from', price: 225, capacity: 20 });
    await t.scheduleWorkshop({ id: 'to', price: 225, capacity: 20 });
    const id = await paidBooking('from', 2, 382.5, { discountCode: 'FIFTEEN' });

    const { status, answer } = await transfer(id, { workshopId: 'to', participant: 1 });

    expect(status, answer.error).toBe(200);
    expect(answer.refunds).toEqual([]);
    const own = await t.admin('GET', `/api/admin/enrollments/${answer.newEnrollmentId}`);
    expect(await own.json()).toMatchObject({ amount: 191.25, workshopId: 'to' });
  });

  it('given one place bought with a 15% code ($191.25), when the booking moves to another $225 class, then the move is made at no cost', async () => {
    t = await makePricingApp();
    await t.createCode({ code: 'FIFTEEN', percentOff: 15 });
    await t.scheduleWorkshop({ id: 'from', price: 225, capacity: 20 });
    await t.scheduleWorkshop({ id: 'to', price: 225, capacity: 20 });
    const id = await paidBooking('from', 1, 191.25, { discountCode: 'FIFTEEN' });

    const { status, answer } = await transfer(id, { workshopId: 'to' });

    expect(status, answer.error).toBe(200);
    expect(answer).toMatchObject({ workshopId: 'to', refunds: [] });
  });

  it('given a 15% code booking of one at $225 in the adult dinner, then the transfer list offers the classes of its program (not the children’s), says which cost more, and prices each with the code', async () => {
    t = await makePricingApp();
    await t.createCode({ code: 'FIFTEEN', percentOff: 15 });
    await t.scheduleWorkshop({ id: 'from', price: 225, capacity: 20 });
    await t.scheduleWorkshop({ id: 'same', price: 225, capacity: 20 });
    await t.scheduleWorkshop({ id: 'dearer', price: 250, capacity: 20 });
    await t.scheduleWorkshop({ id: 'kids', price: 225, capacity: 20, category: 'children', ageRange: '7-12' });
    const id = await paidBooking('from', 1, 191.25, { discountCode: 'FIFTEEN' });

    const r = await t.admin('GET', `/api/admin/enrollments/${id}/transfer-options`);
    expect(r.status).toBe(200);
    const { seats, options } = (await r.json()) as TransferOptions;

    expect(seats).toBe(1);
    const ours = options.filter((o) => ['same', 'dearer', 'kids'].includes(o.workshopId));
    expect(ours).toHaveLength(2);
    expect(ours).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          workshopId: 'same',
          unitPriceCents: 22_500,
          priceCents: 19_125,
          worthCents: 19_125,
          extraCents: 0,
        }),
        expect.objectContaining({
          workshopId: 'dearer',
          unitPriceCents: 25_000,
          priceCents: 21_250,
          extraCents: 2_125,
        }),
      ]),
    );
    expect(options.map((o) => o.workshopId)).not.toContain('from');
  });

  it('given a booking of two children (9 and 15) at $200, when one moves, then only classes within that child’s age range are offered, at their price for one', async () => {
    t = await makePricingApp();
    await t.scheduleWorkshop({ id: 'camp', price: 200, capacity: 20, category: 'children', ageRange: '7-16' });
    await t.scheduleWorkshop({ id: 'young', price: 200, capacity: 20, category: 'children', ageRange: '7-12' });
    await t.scheduleWorkshop({ id: 'teen', price: 200, capacity: 20, category: 'children', ageRange: '13-16' });
    const id = await paidBooking('camp', 2, 400, strictChildren([9, 15]));

    const options = async (participant: number) =>
      (
        (await (
          await t.admin('GET', `/api/admin/enrollments/${id}/transfer-options?participant=${participant}`)
        ).json()) as TransferOptions
      ).options.map((o) => o.workshopId);

    expect(await options(0)).toContain('young');
    expect(await options(0)).not.toContain('teen');
    expect(await options(1)).toContain('teen');
    expect(await options(1)).not.toContain('young');
    const r = await t.admin('GET', `/api/admin/enrollments/${id}/transfer-options?participant=x`);
    expect(r.status).toBe(400);
  });
});
