import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseForm, eventsOfType, makeEnrollmentApp, strictForm, type EnrollmentTestApp } from './support.js';
import type { EnrollmentResponse, OrderView } from '../../../contracts/enrollment/api.js';

let t: EnrollmentTestApp;
beforeEach(async () => {
  t = await makeEnrollmentApp();
});
afterEach(async () => {
  await t.close();
});

const json = async <T>(r: Response) => (await r.json()) as T;

describe('POST /api/enroll/workshop/:id', () => {
  it('given a valid form for workshop 9, when posted with the right total, then seats are held and the enrollment is pending payment', async () => {
    const r = await t.post('/api/enroll/workshop/9', {
      ...baseForm({ participants: 2 }),
      workshopId: '9',
      totalPrice: 260,
    });
    expect(r.status).toBe(201);
    const body = await json<EnrollmentResponse>(r);
    expect(body).toMatchObject({ success: true, isFree: false, amountCents: 26000 });
    expect(body.orderId).toBeUndefined();
    const [reserved] = await eventsOfType(t, 'SeatsReserved');
    expect(reserved?.data).toMatchObject({ workshopId: '9', enrollmentId: body.enrollmentId, seats: 2 });
    const [submitted] = await eventsOfType(t, 'EnrollmentSubmitted');
    expect(submitted?.data).toMatchObject({
      amountCents: 26000,
      participants: 2,
      isFree: false,
      item: { title: 'Etiquette After Dark', unitPriceCents: 13000 },
    });
  });

  it('given a total that differs from price x participants, when posted, then 400 says the right total and nothing is appended', async () => {
    const before = await t.eventStore.headPosition();
    const r = await t.post('/api/enroll/workshop/4', { ...strictForm({ participants: 2 }), totalPrice: 75 });
    expect(r.status).toBe(400);
    expect((await json<{ error: string }>(r)).error).toMatch(/\$75\.00 x 2 participants = \$150\.00/);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it("given a children's workshop, when the base form is posted, then 400 lists the stricter form's messages and nothing is appended", async () => {
    const before = await t.eventStore.headPosition();
    const r = await t.post('/api/enroll/workshop/8', { ...baseForm(), totalPrice: 150 });
    expect(r.status).toBe(400);
    const { issues } = await json<{ issues: { path: string; message: string }[] }>(r);
    expect(issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'Student name is required.',
        'Emergency contact 2 relationship is required.',
        'You must agree to the Code of Conduct to proceed.',
      ]),
    );
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it("given the teens' course (workshop 13, ages 11-17), when the adult form is posted, then 400 asks for the child's details, and the stricter form is taken with the item saying so", async () => {
    const before = await t.eventStore.headPosition();
    const adult = await t.post('/api/enroll/workshop/13', { ...baseForm(), totalPrice: 250 });
    expect(adult.status).toBe(400);
    const { issues } = await json<{ issues: { path: string; message: string }[] }>(adult);
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['studentName', 'studentAge', 'school', 'emergencyContact1Name', 'agreeToCodeOfConduct']),
    );
    expect(await t.eventStore.headPosition()).toBe(before);

    const teen = await t.post('/api/enroll/workshop/13', {
      ...strictForm({ studentName: 'Ava Whitfield', studentAge: 11, studentGrade: '6th', school: 'Rice Middle' }),
      totalPrice: 250,
    });
    expect(teen.status, await teen.clone().text()).toBe(201);
    const [submitted] = await eventsOfType(t, 'EnrollmentSubmitted');
    expect(submitted?.data).toMatchObject({
      item: { category: 'teen', childDetails: true },
      form: { studentAge: 11, agreeToCodeOfConduct: true, emergencyContact2Relationship: 'Grandmother' },
    });
  });

  it('given workshop 10 (free), when enrolled, then it is confirmed at once with a FREE- order the orders read model serves', async () => {
    const r = await t.post('/api/enroll/workshop/10', { ...baseForm({ participants: 3 }), totalPrice: 0 });
    expect(r.status).toBe(201);
    const body = await json<EnrollmentResponse>(r);
    expect(body).toMatchObject({ isFree: true, orderId: `FREE-${body.enrollmentId}` });
    expect(await eventsOfType(t, 'SeatsConfirmed')).toHaveLength(1);
    const order = await json<OrderView>(await t.get(`/api/orders/${body.orderId}?minPosition=${body.position}`));
    expect(order).toMatchObject({
      status: 'completed',
      paymentStatus: 'free',
      paymentMethod: 'Free Enrollment',
      amountCents: 0,
      participants: 3,
    });
    expect(order.orderReference).toMatch(/^GL-\d{6}$/);
    expect(order).not.toHaveProperty('email');
  });

  it('given an unknown workshop, when posted, then 404 says Workshop Not Found', async () => {
    const r = await t.post('/api/enroll/workshop/999', { ...baseForm(), totalPrice: 10 });
    expect(r.status).toBe(404);
    expect((await json<{ error: string }>(r)).error).toMatch(/^Workshop Not Found/);
  });

  it('given a workshop with 1 spot left, when 2 participants enroll, then 409 says how many spots are left', async () => {
    // Workshop 8 seats 12: three parents take 5 + 5 + 1, which leaves one.
    for (const [i, n] of [5, 5, 1].entries()) {
      expect(
        (
          await t.post('/api/enroll/workshop/8', {
            ...strictForm({ participants: n, email: `parent-${i}@example.com` }),
            totalPrice: 150 * n,
          })
        ).status,
      ).toBe(201);
    }
    const r = await t.post('/api/enroll/workshop/8', {
      ...strictForm({ participants: 2, email: 'latecomer@example.com' }),
      totalPrice: 300,
    });
    expect(r.status).toBe(409);
    expect((await json<{ error: string }>(r)).error).toMatch(/only 1 spot is left/);
  });

  it('given 6 participants, when posted, then 400 gives the maximum message', async () => {
    const r = await t.post('/api/enroll/workshop/9', { ...baseForm({ participants: 6 }), totalPrice: 780 });
    expect(r.status).toBe(400);
    expect((await json<{ error: string }>(r)).error).toBe(
      'participants: Maximum 5 participants allowed per registration.',
    );
  });

  it('given a body that is not JSON, when posted, then 400 and nothing is appended', async () => {
    const before = await t.eventStore.headPosition();
    const r = await t.post('/api/enroll/workshop/9', '{not json');
    expect(r.status).toBe(400);
    expect(await t.eventStore.headPosition()).toBe(before);
  });
});
