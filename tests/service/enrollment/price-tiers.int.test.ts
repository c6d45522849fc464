import { afterEach, describe, expect, it } from 'vitest';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';
import type { EnrollmentResponse, OrderView } from '../../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse, OfflineConfirmResponse } from '../../../contracts/payments/api.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { adminCall } from '../admin/support.js';

// Group prices: the dinner is seeded "Couple: $250"; the server prices with the tier and the card
// is charged the tier price. The administrator's tiers are checked.

let t: EnrollmentTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const dinner = (participants: number, totalPrice: number) =>
  t.post('/api/enroll/workshop/6', { ...baseForm({ participants }), totalPrice });

describe('the dinner couple price', () => {
  it('given the seeded dinner, then it carries the couple tier beside its note', async () => {
    t = await makeEnrollmentApp();
    const w = await json<Workshop>(t.get('/api/workshops/6'));
    expect(w).toMatchObject({ price: 150, note: 'Single: $150 / Couple: $250' });
    expect(w.priceTiers).toEqual([{ participants: 2, totalPrice: 250 }]);
  });

  it('given two people, when the page sends $300, then 400 names the $250 group price and nothing is held', async () => {
    t = await makeEnrollmentApp();
    const head = await t.eventStore.headPosition();
    const r = await dinner(2, 300);
    expect(r.status).toBe(400);
    const body = await json<{ error: string; issues: { path: string; message: string }[] }>(r);
    expect(body.error).toMatch(/the group price for 2 participants is \$250\.00/);
    expect(body.issues).toEqual([{ path: 'totalPrice', message: 'The total is $250.00.' }]);
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given two people at $250, when they pay, then the card is charged $250 and the order says so', async () => {
    t = await makeEnrollmentApp();
    const enrolled = await json<EnrollmentResponse>(dinner(2, 250));
    expect(enrolled.amountCents).toBe(25000);
    const intent = await json<CreatePaymentIntentResponse>(
      t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 250 }),
    );
    expect(intent.amountCents).toBe(25000);
    const paid = await json<OfflineConfirmResponse>(
      t.post('/api/offline-payments/confirm', {
        clientSecret: intent.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      }),
    );
    expect(paid.paymentIntent).toMatchObject({ status: 'succeeded', amount: 25000 });
    await t.offline.idle();
    await t.settle();
    const order = await json<OrderView>(t.get(`/api/orders/ORD-${enrolled.enrollmentId}`));
    expect(order.amountCents).toBe(25000);
  });

  it('given one or three people, then price x participants ($150, $450)', async () => {
    t = await makeEnrollmentApp();
    expect((await json<EnrollmentResponse>(dinner(1, 150))).amountCents).toBe(15000);
    expect(
      (
        await json<EnrollmentResponse>(
          t.post('/api/enroll/workshop/6', {
            ...baseForm({ participants: 3, email: 'three@example.com' }),
            totalPrice: 450,
          }),
        )
      ).amountCents,
    ).toBe(45000);
  });
});

describe('the administrator edits tiers', () => {
  const body = async (overrides: Record<string, unknown>) => {
    const w = await json<Workshop>(t.get('/api/workshops/6'));
    return {
      title: w.title,
      description: w.description,
      category: w.category,
      date: w.date,
      time: w.time,
      location: w.location,
      price: w.price,
      capacity: w.capacity,
      ...overrides,
    };
  };
  const put = async (overrides: Record<string, unknown>) =>
    adminCall(t.app, 'PUT', '/api/admin/workshops/6', { body: await body(overrides) });

  it.each([
    [
      'a total not below price x participants',
      [{ participants: 2, totalPrice: 300 }],
      'priceTiers.0.totalPrice',
      /Group price 1: the total for 2 must be less than 2 x the price \(\$300\.00\)/,
    ],
    [
      'two prices for the same count',
      [
        { participants: 2, totalPrice: 250 },
        { participants: 2, totalPrice: 240 },
      ],
      'priceTiers.1.participants',
      /Group price 2: there is already a price for 2 participants/,
    ],
    ['a tier for one person', [{ participants: 1, totalPrice: 100 }], 'priceTiers.0.participants', /2 or more/],
    [
      'more than the 5 an enrollment takes',
      [{ participants: 6, totalPrice: 600 }],
      'priceTiers.0.participants',
      /at most 5/,
    ],
    [
      'a total in fractions of a cent',
      [{ participants: 2, totalPrice: 250.005 }],
      'priceTiers.0.totalPrice',
      /whole cents/,
    ],
  ])('given %s, when saved, then 400 naming the row and nothing changes', async (_name, tiers, path, message) => {
    t = await makeEnrollmentApp();
    const head = await t.eventStore.headPosition();
    const r = await put({ priceTiers: tiers });
    expect(r.status).toBe(400);
    const issues = (await json<{ issues: { path: string; message: string }[] }>(r)).issues;
    expect(issues).toContainEqual({ path, message: expect.stringMatching(message) });
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given the form without tiers (the specification client), when saved, then the couple price stays; [] clears it; a new tier prices at once', async () => {
    t = await makeEnrollmentApp();
    expect((await put({ capacity: 30 })).status).toBe(200);
    await t.settle();
    expect((await json<Workshop>(t.get('/api/workshops/6'))).priceTiers).toEqual([
      { participants: 2, totalPrice: 250 },
    ]);

    expect((await put({ priceTiers: [] })).status).toBe(200);
    await t.settle();
    expect((await json<Workshop>(t.get('/api/workshops/6'))).priceTiers).toBeUndefined();

    expect((await put({ priceTiers: [{ participants: 4, totalPrice: 500 }] })).status).toBe(200);
    await t.settle();
    // The seat decision re-plans on the edited workshop (its state at most 1 s old).
    await new Promise((r) => setTimeout(r, 1_100));
    const four = await t.post('/api/enroll/workshop/6', {
      ...baseForm({ participants: 4, email: 'four@example.com' }),
      totalPrice: 500,
    });
    expect(four.status).toBe(201);
    expect((await json<EnrollmentResponse>(four)).amountCents).toBe(50000);
  });
});
