import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from './support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import {
  discountCodeStream,
  type DiscountCodeView,
  type DiscountPreview,
} from '../../../contracts/pricing/discount-codes.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { discountCodeDecider } from '../../../service/pricing/discount-code-decider.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const issues = async (r: Response) => ((await r.json()) as { issues?: { path: string }[] }).issues?.map((i) => i.path);
const liveUses = async (code: string) => {
  const state = await t.deps.commands.state(discountCodeDecider, discountCodeStream(code));
  return state.status === 'none' ? 0 : state.live.size;
};
const enroll = (workshopId: string, totalPrice: number, extra: Record<string, unknown> = {}, participants = 1) =>
  t.post(
    `/api/enroll/workshop/${workshopId}`,
    { ...baseForm({ participants, email: nextParentEmail() }), totalPrice, ...extra },
    asNewVisitor(),
  );

describe('discount codes: the admin routes', () => {
  it('given a new code, when created, listed and deactivated, then its history stays and it no longer applies', async () => {
    t = await makePricingApp();
    await t.createCode({ code: 'spring10', percentOff: 10, maxRedemptions: 5 });
    const again = await t.admin('POST', '/api/admin/discount-codes', { code: 'SPRING10', amountOffCents: 500 });
    expect(again.status).toBe(409);

    const enrolled = await enroll('9', 117, { discountCode: 'spring10' });
    expect(enrolled.status).toBe(201);
    const { position } = await json<EnrollmentResponse>(enrolled);
    const list = await json<DiscountCodeView[]>(t.admin('GET', `/api/admin/discount-codes?minPosition=${position}`));
    expect(list[0]).toMatchObject({ code: 'SPRING10', percentOff: 10, active: true, redemptions: 1 });
    expect(list[0]!.redeemed[0]).toMatchObject({ workshopId: '9', discountCents: 1_300, releasedAt: null });

    expect((await t.admin('DELETE', '/api/admin/discount-codes/SPRING10')).status).toBe(200);
    expect((await t.admin('DELETE', '/api/admin/discount-codes/NOPE99')).status).toBe(404);
    await t.settle();
    const after = await json<DiscountCodeView[]>(t.admin('GET', '/api/admin/discount-codes'));
    expect(after[0]).toMatchObject({ active: false, redemptions: 1 });
    const refused = await enroll('9', 117, { discountCode: 'SPRING10' });
    expect(refused.status).toBe(400);
    expect(await issues(refused)).toEqual(['discountCode']);
  });

  it.each([
    [{ code: 'X', percentOff: 10 }, 'code'],
    [{ code: 'SUMMER', percentOff: 10, amountOffCents: 500 }, 'percentOff'],
    [{ code: 'SUMMER' }, 'percentOff'],
    [{ code: 'SUMMER', percentOff: 101 }, 'percentOff'],
    [{ code: 'SUMMER', amountOffCents: 0 }, 'amountOffCents'],
    [{ code: 'SUMMER', percentOff: 5, maxRedemptions: 0 }, 'maxRedemptions'],
    [{ code: 'SUMMER', percentOff: 5, minParticipants: 9 }, 'minParticipants'],
    [{ code: 'SUMMER', percentOff: 5, workshopIds: ['1'], categories: ['summer'] }, 'categories'],
    [{ code: 'SUMMER', percentOff: 5, categories: ['picnic'] }, 'categories.0'],
    [
      {
        code: 'SUMMER',
        percentOff: 5,
        validFrom: '2025-06-01T00:00:00-05:00',
        validUntil: '2025-05-01T00:00:00-05:00',
      },
      'validUntil',
    ],
    [{ code: 'SUMMER', percentOff: 5, validFrom: 'tomorrow' }, 'validFrom'],
  ])('given %j, when created, then 400 names %s and nothing is recorded', async (body, field) => {
    t = await makePricingApp();
    const before = await t.eventStore.headPosition();
    const r = await t.admin('POST', '/api/admin/discount-codes', body);
    expect(r.status).toBe(400);
    expect(await issues(r)).toContain(field);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given no admin key, then 401; an instructor, then 403', async () => {
    t = await makePricingApp();
    expect((await t.post('/api/admin/discount-codes', { code: 'FREE', percentOff: 100 })).status).toBe(401);
    const added = await json<{ key: string }>(
      t.admin('POST', '/api/admin/administrators', {
        name: 'June Park',
        email: 'june@example.com',
        role: 'instructor',
      }),
    );
    const r = await t.app.request('/api/admin/discount-codes', { headers: { 'admin-key': added.key } });
    expect(r.status).toBe(403);
  });
});

describe('discount codes: the preview and the enrollment', () => {
  it('given 15 % off for 2 or more, when previewed, then the discount and total as the enrollment will have them; refused codes say why', async () => {
    t = await makePricingApp();
    await t.createCode({ code: 'PAIR15', percentOff: 15, minParticipants: 2 });
    await t.createCode({ code: 'CAMPS', amountOffCents: 2_000, categories: ['summer'] });
    const preview = (code: string, query: string) =>
      json<DiscountPreview>(t.get(`/api/discount-codes/${code}?${query}`));
    expect(await preview('pair15', 'workshopId=9&participants=2')).toEqual({
      valid: true,
      discountCents: 3_900,
      totalCents: 22_100,
      reason: null,
      line: { kind: 'discount-code', label: 'Code PAIR15: 15% off', amountCents: -3_900 },
    });
    expect(await preview('PAIR15', 'workshopId=9&participants=1')).toMatchObject({
      valid: false,
      totalCents: 13_000,
      reason: 'This code is for 2 or more participants enrolled together.',
    });
    expect(await preview('CAMPS', 'workshopId=9&participants=1')).toMatchObject({
      valid: false,
      reason: 'This code is not for this workshop.',
    });
    // An unknown code and a deactivated one read alike: nothing tells which codes exist.
    const unknown = await preview('NOSUCHCODE', 'workshopId=9&participants=1');
    await t.admin('DELETE', '/api/admin/discount-codes/CAMPS');
    const off = await preview('CAMPS', 'workshopId=1&participants=1');
    expect(unknown).toEqual({ valid: false, discountCents: 0, totalCents: 13_000, reason: off.reason, line: null });

    const r = await t.get('/api/discount-codes/PAIR15?workshopId=9&participants=9');
    expect(r.status).toBe(400);
    expect(await issues(r)).toEqual(['participants']);
    const w = await t.get('/api/discount-codes/PAIR15?participants=1');
    expect(await issues(w)).toEqual(['workshopId']);
    expect((await t.get('/api/discount-codes/PAIR15?workshopId=nope&participants=1')).status).toBe(404);
  });

  it('given one client address, when it tries codes at speed, then 429 with Retry-After', async () => {
    t = await makePricingApp({ env: { RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_MINUTE: '1' } });
    const one = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await t.app.request(`/api/discount-codes/GUESS${i}?workshopId=9&participants=1`, { headers: one })).status,
      );
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('given a code, when the page sends the total without it, then 400 names totalPrice and the rule with the code', async () => {
    t = await makePricingApp();
    await t.createCode({ code: 'TEN', amountOffCents: 1_000 });
    const r = await enroll('9', 130, { discountCode: 'TEN' });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.issues).toEqual([{ path: 'totalPrice', message: 'The total is $120.00.' }]);
    expect(body.error).toContain('Code TEN: $10.00 off $10.00: $120.00');
    const ok = await json<EnrollmentResponse>(enroll('9', 120, { discountCode: 'ten' }));
    expect(ok.pricing.lines).toEqual([
      { kind: 'seats', label: '$130.00 x 1 participant', amountCents: 13_000 },
      { kind: 'discount-code', label: 'Code TEN: $10.00 off', amountCents: -1_000 },
    ]);
    expect(ok).toMatchObject({ amountCents: 12_000, pricing: { totalCents: 12_000, dueNowCents: 12_000 } });
  });
});

describe('discount codes: never over their uses', () => {
  it('given a code with 10 uses, when 100 parents enroll with it at once, then exactly 10 get it and the others get their seats back', async () => {
    t = await makePricingApp();
    await t.scheduleWorkshop({ id: 'big', capacity: 200, price: 40 });
    await t.createCode({ code: 'FIRST10', percentOff: 50, maxRedemptions: 10 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => enroll('big', 20, { discountCode: 'FIRST10' })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(90);
    const refusals = await Promise.all(
      responses.filter((r) => r.status === 400).map((r) => r.json() as Promise<{ issues: { path: string }[] }>),
    );
    expect(new Set(refusals.map((b) => b.issues[0]!.path))).toEqual(new Set(['discountCode']));
    // The refused ones held seats for a moment; the checkout workflow gave them back.
    await t.settle();
    expect(await liveUses('FIRST10')).toBe(10);
    const seats = await t.deps.commands.state(workshopDecider, workshopStream('big'));
    expect(seats.taken).toBe(10);
  });

  it('given a code with 1 use held by an unpaid enrollment, when the hold lapses, then the use is given back and the next parent gets it', async () => {
    let now = new Date('2025-05-02T15:00:00Z');
    t = await makePricingApp({ clock: () => now });
    await t.createCode({ code: 'ONCE', percentOff: 10, maxRedemptions: 1 });
    expect((await enroll('9', 117, { discountCode: 'ONCE' })).status).toBe(201);
    const second = await enroll('9', 117, { discountCode: 'ONCE' });
    expect(second.status).toBe(400);
    now = new Date(now.getTime() + 31 * 60_000);
    await t.timer.tick();
    await t.settle();
    expect(await liveUses('ONCE')).toBe(0);
    const released = await t.eventStore.readStream(discountCodeStream('ONCE'));
    expect(released.at(-1)).toMatchObject({ type: 'DiscountRedemptionReleased', data: { reason: 'expired' } });
    expect((await enroll('9', 117, { discountCode: 'ONCE' })).status).toBe(201);
  });

  it('given a code with 1 use, when the same parent sends the form again with its hold token, then the new enrollment takes the use over', async () => {
    t = await makePricingApp();
    await t.createCode({ code: 'ONCE', percentOff: 10, maxRedemptions: 1 });
    const visitor = asNewVisitor();
    const form = { ...baseForm(), totalPrice: 117, discountCode: 'ONCE' };
    const first = await json<EnrollmentResponse>(t.post('/api/enroll/workshop/9', form, visitor));
    const second = await t.post('/api/enroll/workshop/9', { ...form, holdToken: first.holdToken }, visitor);
    expect(second.status).toBe(201);
    await t.settle();
    expect(await liveUses('ONCE')).toBe(1);
  });

  it('given an unpaid enrollment with a code, when the office cancels it, then the use is given back', async () => {
    t = await makePricingApp();
    await t.createCode({ code: 'ONCE', percentOff: 10, maxRedemptions: 1 });
    const { enrollmentId } = await json<EnrollmentResponse>(enroll('9', 117, { discountCode: 'ONCE' }));
    const r = await t.admin('POST', `/api/admin/enrollments/${enrollmentId}/cancel`, { refund: 'none' });
    expect(r.status).toBe(200);
    await t.settle();
    expect(await liveUses('ONCE')).toBe(0);
  });
});
