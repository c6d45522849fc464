import { afterEach, describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import { signInMailsSent } from '../../service/account/sign-in.js';
import { household, SAME_SITE, sessionCookieOf } from '../service/account/support.js';
import { baseForm } from '../service/enrollment/support.js';
import { makePricingApp, type PricingTestApp } from '../service/pricing/support.js';
import { nextParentEmail } from '../support/visitors.js';

/**
 * Issue 36, item 9: `GET /api/orders/ORD-<id>` and `GET /api/enrollments/<id>` are open to anyone
 * who has the number (it is printed on receipts and travels in checkout addresses), and answered
 * the household's and the gift card's internal ids. They answer what their screens read (the order
 * confirmation, the checkout) and no internal id.
 */
let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: { ...SAME_SITE, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function signIn(email: string): Promise<string> {
  expect((await call('POST', '/api/account/sign-in', null, { email })).status).toBe(202);
  await signInMailsSent(t.deps);
  const mail = t.mailer.sent.filter((m) => m.to === email).at(-1);
  const token = mail && /https?:\/\/\S+\/account\/sign-in\/(\S+)/.exec(mail.text)?.[1];
  const res = await call('POST', '/api/account/sign-in/verify', null, { token });
  expect(res.status).toBe(200);
  return sessionCookieOf(res)!;
}

/** Every key of a JSON value, at any depth. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
      : [];

describe('the public order and enrollment answers', () => {
  it('given a signed-in family paying with a gift card, when a stranger reads its order and its enrollment, then neither carries the household’s nor the gift card’s id, and each has what its screen reads', async () => {
    t = await makePricingApp();
    const { code, giftCardId } = await t.buyGiftCard(20_000);
    const email = nextParentEmail();
    const cookie = await signIn(email);
    expect((await call('PUT', '/api/account/household', cookie, household())).status).toBe(200);
    const enrolled = await call('POST', '/api/enroll/workshop/9', cookie, {
      ...baseForm({ email }),
      totalPrice: 130,
      giftCardCode: code,
    });
    expect(enrolled.status, await enrolled.clone().text()).toBe(201);
    const { enrollmentId } = (await enrolled.json()) as EnrollmentResponse;
    await t.settle();
    const householdId = (await t.readStore.get<{ householdId?: string }>('orders', enrollmentId))?.doc.householdId;
    expect(householdId).toBeTruthy();

    const order = await t.app.request(`/api/orders/ORD-${enrollmentId}`);
    const lookup = await t.app.request(`/api/enrollments/${enrollmentId}`);
    expect(order.status).toBe(200);
    expect(lookup.status).toBe(200);
    const orderBody = await order.text();
    const lookupBody = await lookup.text();
    for (const body of [orderBody, lookupBody]) {
      expect(keysOf(JSON.parse(body))).not.toContain('householdId');
      expect(keysOf(JSON.parse(body))).not.toContain('giftCardId');
      expect(body).not.toContain(householdId!);
      expect(body).not.toContain(giftCardId);
      expect(body).not.toContain(email);
    }
    // What the order confirmation page reads, and what the checkout reads.
    expect(JSON.parse(orderBody)).toMatchObject({
      enrollmentId,
      orderReference: expect.any(String),
      status: 'completed',
      paymentMethod: 'Gift Card',
      participants: 1,
      amountCents: 13_000,
      item: { title: 'Etiquette After Dark' },
      pricing: { totalCents: 13_000, paidByGiftCardCents: 13_000, lines: expect.any(Array) },
      balanceCents: 0,
      balanceDueAt: null,
    });
    expect(JSON.parse(lookupBody)).toMatchObject({
      id: enrollmentId,
      participants: 1,
      amountCents: 13_000,
      isFree: false,
      pricing: { dueNowCents: 0, totalCents: 13_000 },
    });
  });

  it('given an order document whose breakdown holds internal ids (as a projector storing the whole pricing would), then the answers still carry none: they are built field by field', async () => {
    t = await makePricingApp();
    const { code } = await t.buyGiftCard(20_000);
    const enrolled = await call('POST', '/api/enroll/workshop/9', null, {
      ...baseForm({ email: nextParentEmail() }),
      totalPrice: 130,
      giftCardCode: code,
    });
    const { enrollmentId } = (await enrolled.json()) as EnrollmentResponse;
    await t.settle();
    const stored = (await t.readStore.get<Record<string, unknown>>('orders', enrollmentId))!;
    const pricing = stored.doc.pricing as { lines: Record<string, unknown>[] };
    const doc = {
      ...stored.doc,
      pricing: {
        ...pricing,
        lines: pricing.lines.map((l) => ({ ...l, giftCardId: 'gc-internal-1' })),
        giftCardId: 'gc-internal-1',
        householdId: 'hh-internal-1',
        siblingDiscountPercent: 10,
        discountCode: { code: 'SECRET10', percentOff: 10 },
      },
    };
    await t.readStore.write([
      { kind: 'put', collection: 'orders', id: enrollmentId, doc, position: stored.position + 1n },
    ]);

    for (const path of [`/api/orders/ORD-${enrollmentId}`, `/api/enrollments/${enrollmentId}`]) {
      const body = await (await t.app.request(path)).text();
      expect(body, path).not.toMatch(/internal|householdId|giftCardId|siblingDiscountPercent|SECRET10/);
      expect(JSON.parse(body), path).toMatchObject({ pricing: { totalCents: 13_000, lines: expect.any(Array) } });
    }
  });
});
