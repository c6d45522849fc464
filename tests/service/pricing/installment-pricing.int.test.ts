import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from './support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { enrollmentStream, type EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';

// Issue 43 item 1: a $300 camp on the seeded ninth workshop's date (Saturday, September 27, 2025 at
// 6:00 PM in Plano) that may be paid in up to 3 monthly instalments, the last a week before.
const START = SEED_WORKSHOPS[8]!.date;
const PLAN = { installments: 3, lastDueDaysBefore: 7 };

let t: PricingTestApp;
let now: Date;
afterEach(async () => {
  await t?.close();
});

async function campApp(extra: Record<string, unknown> = {}) {
  now = new Date('2025-05-01T15:00:00Z');
  t = await makePricingApp({ clock: () => now });
  await t.scheduleWorkshop({ id: 'camp', price: 300, capacity: 20, paymentPlan: PLAN, ...extra });
}

const enroll = (body: Record<string, unknown>) =>
  t.post(
    '/api/enroll/workshop/camp',
    { ...baseForm({ email: nextParentEmail() }), totalPrice: 300, ...body },
    asNewVisitor(),
  );

describe('paying in instalments: what is due now and on which dates', () => {
  it('given a $300 camp, when a parent chooses 3, then $100 today, $100 on June 1 and $100 on July 1; the card is asked for $100', async () => {
    await campApp();
    const r = await enroll({ installments: 3 });
    expect(r.status, await r.clone().text()).toBe(201);
    const enrolled = (await r.json()) as EnrollmentResponse;
    expect(enrolled.amountCents).toBe(30_000);
    expect(enrolled.pricing).toMatchObject({
      totalCents: 30_000,
      dueNowCents: 10_000,
      balanceCents: 20_000,
      balanceDueAt: null,
      installments: [
        { n: 1, amountCents: 10_000, dueAt: '2025-05-01T15:00:00.000Z' },
        { n: 2, amountCents: 10_000, dueAt: '2025-06-01T15:00:00.000Z' },
        { n: 3, amountCents: 10_000, dueAt: '2025-07-01T15:00:00.000Z' },
      ],
    });
    const intent = (await (
      await t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 100 })
    ).json()) as { amountCents: number };
    expect(intent.amountCents).toBe(10_000);
    // The plan is recorded with the enrollment, so the checkout and the charges read it from the events.
    const [submitted] = await t.eventStore.readStream(enrollmentStream(enrolled.enrollmentId));
    expect((submitted!.data as EnrollmentSubmitted).pricing?.installments).toEqual(enrolled.pricing.installments);
  });

  it('given a 10% code and a $25 gift card, when paid in 3, then the $245.00 left is $81.68 now and $81.66 twice: adding up exactly', async () => {
    await campApp();
    await t.createCode({ code: 'CAMP10', percentOff: 10 });
    const { code } = await t.buyGiftCard(2_500);
    const r = await enroll({ installments: 3, discountCode: 'CAMP10', giftCardCode: code, totalPrice: 270 });
    expect(r.status, await r.clone().text()).toBe(201);
    const { pricing } = (await r.json()) as EnrollmentResponse;
    expect(pricing).toMatchObject({ totalCents: 27_000, paidByGiftCardCents: 2_500, dueNowCents: 8_168 });
    expect(pricing.installments?.map((i) => i.amountCents)).toEqual([8_168, 8_166, 8_166]);
    expect(pricing.installments!.reduce((sum, i) => sum + i.amountCents, 0)).toBe(24_500);
  });

  it('given the class two months away, when a parent asks for 3, then 400 naming installments; 2 are offered', async () => {
    await campApp();
    now = new Date(Date.parse(START) - 60 * 86_400_000);
    const three = await enroll({ installments: 3 });
    expect(three.status).toBe(400);
    const body = (await three.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.issues[0]).toMatchObject({ path: 'installments', message: expect.stringMatching(/at most 2/) });
    const two = await enroll({ installments: 2 });
    expect(two.status, await two.clone().text()).toBe(201);
    expect(((await two.json()) as EnrollmentResponse).pricing.installments).toHaveLength(2);
  });

  it.each([
    [{ installments: 7 }, /at most 6/],
    [{ installments: 0 }, /at least 1/],
    [{ installments: 'three' }, /whole number/],
  ])('given installments %j, then 400 naming installments', async (extra, message) => {
    await campApp();
    const r = await enroll(extra);
    expect(r.status).toBe(400);
    const body = (await r.json()) as { issues: { path: string; message: string }[] };
    expect(body.issues[0]).toMatchObject({ path: 'installments', message: expect.stringMatching(message) });
  });

  it('given a workshop without a plan, when a parent asks for 2, then 400 naming installments', async () => {
    await campApp({ paymentPlan: undefined });
    const r = await enroll({ installments: 2 });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('installments');
  });

  it('given installments absent or 1, then the answer is paid in full, as before: no installments in it', async () => {
    await campApp();
    for (const extra of [{}, { installments: 1 }]) {
      const { pricing } = (await (await enroll(extra)).json()) as EnrollmentResponse;
      expect(pricing).toEqual({
        lines: [{ kind: 'seats', label: '$300.00 x 1 participant', amountCents: 30_000 }],
        subtotalCents: 30_000,
        discountCents: 0,
        paidByGiftCardCents: 0,
        paidByCreditCents: 0,
        dueNowCents: 30_000,
        balanceCents: 0,
        totalCents: 30_000,
        balanceDueAt: null,
      });
    }
  });
});
