import { afterEach, describe, expect, it } from 'vitest';
import { baseForm, strictForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from './support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { SCHOOL_SETTINGS_STREAM } from '../../../contracts/pricing/settings.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;

describe('school settings: the sibling discount', () => {
  it('given no setting, then it is off; when set to 10 %, then it is recorded once, by whom, and read back', async () => {
    t = await makePricingApp();
    expect(await json(t.get('/api/pricing-settings'))).toEqual({ siblingDiscountPercent: 0 });
    await t.setSiblingDiscount(10);
    await t.setSiblingDiscount(10);
    const events = await t.eventStore.readStream(SCHOOL_SETTINGS_STREAM);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'SchoolSettingsChanged',
      data: { siblingDiscountPercent: 10, previousSiblingDiscountPercent: 0 },
      metadata: { actor: 'admin', administrator: { name: 'Owner' } },
    });
    expect(await json(t.admin('GET', '/api/admin/settings'))).toEqual({ siblingDiscountPercent: 10 });
    expect(await json(t.get('/api/pricing-settings'))).toEqual({ siblingDiscountPercent: 10 });
  });

  it.each([
    [{ siblingDiscountPercent: 95 }],
    [{ siblingDiscountPercent: -5 }],
    [{ siblingDiscountPercent: 7.5 }],
    [{}],
  ])('given %j, when saved, then 400 names siblingDiscountPercent and nothing is recorded', async (body) => {
    t = await makePricingApp();
    const r = await t.admin('PUT', '/api/admin/settings', body);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
      'siblingDiscountPercent',
    ]);
    expect(await t.eventStore.readStream(SCHOOL_SETTINGS_STREAM)).toHaveLength(0);
  });

  it('given 10 % off for siblings, when two children enroll in the $75 tea party, then the second gets $7.50 off, a line of its own', async () => {
    t = await makePricingApp();
    await t.setSiblingDiscount(10);
    const form = strictForm({ participants: 2, email: nextParentEmail() });
    const refused = await t.post('/api/enroll/workshop/4', { ...form, totalPrice: 150 }, asNewVisitor());
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain(
      'Sibling discount: 10% off 1 participant $7.50',
    );
    const enrolled = await json<EnrollmentResponse>(
      t.post('/api/enroll/workshop/4', { ...form, totalPrice: 142.5 }, asNewVisitor()),
    );
    expect(enrolled.pricing.lines).toEqual([
      { kind: 'seats', label: '$75.00 x 2 participants', amountCents: 15_000 },
      { kind: 'sibling', label: 'Sibling discount: 10% off 1 participant', amountCents: -750 },
    ]);
    expect(enrolled.amountCents).toBe(14_250);
  });

  it('given the sibling discount and a code, then the code comes after the sibling discount, rounded to the cent', async () => {
    t = await makePricingApp();
    await t.setSiblingDiscount(15);
    await t.createCode({ code: 'SPRING', percentOff: 10 });
    // $130 x 3 = $390; sibling 15 % of $260 = $39; left $351; code 10 % = $35.10; total $315.90
    const enrolled = await json<EnrollmentResponse>(
      t.post(
        '/api/enroll/workshop/9',
        { ...baseForm({ participants: 3, email: nextParentEmail() }), totalPrice: 315.9, discountCode: 'SPRING' },
        asNewVisitor(),
      ),
    );
    expect(enrolled.pricing.lines.map((l) => l.amountCents)).toEqual([39_000, -3_900, -3_510]);
    expect(enrolled.pricing).toMatchObject({ discountCents: 7_410, totalCents: 31_590 });
  });
});
