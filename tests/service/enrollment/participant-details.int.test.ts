import { afterEach, describe, expect, it } from 'vitest';
import { baseForm, eventsOfType, makeEnrollmentApp, strictForm, type EnrollmentTestApp } from './support.js';
import { adminCall } from '../admin/support.js';
import type { EnrollmentResponse, OrderView } from '../../../contracts/enrollment/api.js';
import type { AdminEnrollmentDetail, AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';
import type { EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import type { OfflineConfirmResponse, CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';

let t: EnrollmentTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;

const lily = { name: 'Lily Whitfield', age: 8, grade: '3rd', school: 'Hedgcoxe Elementary', photographyConsent: true };
const theo = {
  name: 'Theo Whitfield',
  age: 11,
  grade: '6th',
  school: 'Rice Middle School',
  hasDietaryRestrictions: true,
  dietaryRestrictions: 'No peanuts',
  photographyOptOut: true,
};

/** Two children in the half-day camp (workshop 8, children, $150 each), each with their own details. */
const twoChildren = (details: unknown[] = [lily, theo]) => {
  const { studentName: _n, studentAge: _a, studentGrade: _g, school: _s, ...family } = strictForm();
  return { ...family, participants: 2, participantDetails: details, workshopId: '8', totalPrice: 300 };
};

describe('POST /api/enroll/workshop/:id with every participant’s details', () => {
  it('given two children with their own details, when enrolled, then 201 and the event, the order and the admin view keep each child’s details', async () => {
    t = await makeEnrollmentApp();
    const r = await t.post('/api/enroll/workshop/8', twoChildren());
    expect(r.status).toBe(201);
    const body = await json<EnrollmentResponse>(r);

    const [submitted] = await eventsOfType(t, 'EnrollmentSubmitted');
    const data = submitted!.data as EnrollmentSubmitted;
    expect(data.attendees).toEqual(['Lily Whitfield', 'Theo Whitfield']);
    expect(data.form.participantDetails).toEqual([
      expect.objectContaining({ name: 'Lily Whitfield', age: 8, photographyConsent: true, photographyOptOut: false }),
      expect.objectContaining({
        name: 'Theo Whitfield',
        age: 11,
        school: 'Rice Middle School',
        dietaryRestrictions: 'No peanuts',
        photographyConsent: false,
        photographyOptOut: true,
      }),
    ]);
    // The specification's fields are kept, from the first child and the other names.
    expect(data.form).toMatchObject({
      studentName: 'Lily Whitfield',
      studentAge: 8,
      participantNames: 'Theo Whitfield',
    });

    const detail = await adminCall(
      t.app,
      'GET',
      `/api/admin/enrollments/${body.enrollmentId}?minPosition=${body.position}`,
    );
    expect(detail.status).toBe(200);
    const view = (await detail.json()) as AdminEnrollmentDetail;
    expect(view.category).toBe('children');
    expect(view.participantDetails?.map((p) => [p.name, p.age, p.grade])).toEqual([
      ['Lily Whitfield', 8, '3rd'],
      ['Theo Whitfield', 11, '6th'],
    ]);
    // The list keeps the specification's record: the children's details are read one enrollment at a time.
    const [row] = (await (await adminCall(t.app, 'GET', '/api/admin/enrollments')).json()) as AdminEnrollmentRecord[];
    expect(row).not.toHaveProperty('participantDetails');
  });

  it('given participant 2 without an age, when posted, then 400 names participantDetails.1.age and participant 2, and nothing is appended', async () => {
    t = await makeEnrollmentApp();
    const before = await t.eventStore.headPosition();
    const { age: _age, ...noAge } = theo;
    const r = await t.post('/api/enroll/workshop/8', twoChildren([lily, noAge]));
    expect(r.status).toBe(400);
    const body = await json<{ error: string; code: string; issues: { path: string; message: string }[] }>(r);
    expect(body.code).toBe('validation');
    expect(body.issues).toEqual([
      { path: 'participantDetails.1.age', message: 'Participant 2: student age is required.' },
    ]);
    expect(body.error).toContain('Participant 2: student age is required.');
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given three details for two participants, when posted, then 400 on participantDetails and nothing is appended', async () => {
    t = await makeEnrollmentApp();
    const before = await t.eventStore.headPosition();
    const r = await t.post('/api/enroll/workshop/8', twoChildren([lily, theo, lily]));
    expect(r.status).toBe(400);
    const { issues } = await json<{ issues: { path: string; message: string }[] }>(r);
    expect(issues).toEqual([
      { path: 'participantDetails', message: 'Please give the details of each participant: 2 participants, 3 given.' },
    ]);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given the specification’s shape (one student), when enrolled, then 201 and the details are derived from the student fields', async () => {
    t = await makeEnrollmentApp();
    const r = await t.post('/api/enroll/workshop/8', { ...strictForm(), totalPrice: 150 });
    expect(r.status).toBe(201);
    const [submitted] = await eventsOfType(t, 'EnrollmentSubmitted');
    expect((submitted!.data as EnrollmentSubmitted).form.participantDetails).toEqual([
      expect.objectContaining({ name: 'Lily Whitfield', age: 8, grade: '3rd', school: 'Hedgcoxe Elementary' }),
    ]);
  });

  it('given an adult dinner for two with a partner named, when enrolled, then 201 and nothing more is asked of them', async () => {
    t = await makeEnrollmentApp();
    const r = await t.post('/api/enroll/workshop/9', {
      ...baseForm({ participants: 2 }),
      participantDetails: [{ name: '' }, { name: 'Grace Hopper' }],
      totalPrice: 260,
    });
    expect(r.status).toBe(201);
    const [submitted] = await eventsOfType(t, 'EnrollmentSubmitted');
    expect((submitted!.data as EnrollmentSubmitted).attendees).toEqual(['Eleanor Whitfield', 'Grace Hopper']);
  });

  it('given the specification’s shape with two participants and two names, when enrolled, then both names are the participants (none lost to the contact)', async () => {
    t = await makeEnrollmentApp();
    const r = await t.post('/api/enroll/workshop/9', {
      ...baseForm({ participants: 2, participantNames: 'Grace Hopper, Ada Hopper' }),
      totalPrice: 260,
    });
    expect(r.status, await r.clone().text()).toBe(201);
    const [submitted] = await eventsOfType(t, 'EnrollmentSubmitted');
    const data = submitted!.data as EnrollmentSubmitted;
    expect(data.attendees).toEqual(['Grace Hopper', 'Ada Hopper']);
    expect(data.form.participantDetails?.map((p) => p.name)).toEqual(['Grace Hopper', 'Ada Hopper']);
  });

  it('given one name for two participants, when enrolled, then it is the one after the contact; given three names for two, then 400 names participantNames and nothing is appended', async () => {
    t = await makeEnrollmentApp();
    const one = await t.post('/api/enroll/workshop/9', {
      ...baseForm({ participants: 2, participantNames: 'Grace Hopper' }),
      totalPrice: 260,
    });
    expect(one.status).toBe(201);
    const [submitted] = await eventsOfType(t, 'EnrollmentSubmitted');
    expect((submitted!.data as EnrollmentSubmitted).attendees).toEqual(['Eleanor Whitfield', 'Grace Hopper']);

    const before = await t.eventStore.headPosition();
    const three = await t.post('/api/enroll/workshop/9', {
      ...baseForm({
        participants: 2,
        participantNames: 'Grace Hopper, Ada Hopper, Alan Turing',
        email: 'x@example.com',
      }),
      totalPrice: 260,
    });
    expect(three.status).toBe(400);
    const body = await json<{ issues: { path: string; message: string }[] }>(three);
    expect(body.issues).toEqual([
      {
        path: 'participantNames',
        message:
          'Participant names: 2 participants take 2 names (everyone) or 1 (everyone after the first participant); 3 were given.',
      },
    ]);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given two children paid for, when confirmed, then the order and the e-mailed receipt list both with their details', async () => {
    t = await makeEnrollmentApp({ reactors: true });
    const enrolled = await json<EnrollmentResponse>(t.post('/api/enroll/workshop/8', twoChildren()));
    const intent = await json<CreatePaymentIntentResponse>(
      t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 300 }),
    );
    const paid = await json<OfflineConfirmResponse>(
      t.post('/api/offline-payments/confirm', {
        clientSecret: intent.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      }),
    );
    expect(paid.paymentIntent?.status).toBe('succeeded');
    await t.offline.idle();
    await t.settle();

    const order = await json<OrderView>(t.get(`/api/orders/ORD-${enrolled.enrollmentId}`));
    expect(order.status).toBe('completed');
    // The order number is no secret: its answer names no one; the details are in the e-mail and on the booking page.
    expect(order.participants).toBe(2);
    expect(JSON.stringify(order)).not.toMatch(/Lily|Theo|Whitfield|Hedgcoxe|peanuts/);

    const receipt = t.mailer.sent[0]!.attachments[0]!.content;
    expect(receipt).toMatch(/1\. Lily Whitfield\n\s+Age:\s+8\n\s+Grade:\s+3rd\n\s+School:\s+Hedgcoxe Elementary\n/);
    expect(receipt).toMatch(/2\. Theo Whitfield\n\s+Age:\s+11\n/);
    expect(receipt).toMatch(/Dietary restrictions:\s+No peanuts/);
    expect(receipt).toMatch(/Photography:\s+Opted out: no photographs/);
    expect(t.mailer.sent[0]!.text).toContain('2. Theo Whitfield');
  });
});

describe('an age outside the workshop’s range', () => {
  const camp = async (ageRangePolicy?: 'warn' | 'refuse') => {
    const r = await adminCall(t.app, 'POST', '/api/admin/workshops', {
      body: {
        title: 'Manners Camp',
        description: 'Table manners for children.',
        category: 'children',
        date: '2025-07-14T09:00',
        endTime: '12:00',
        location: '123 Main St, Plano, TX',
        price: 150,
        capacity: 10,
        ageRange: 'Ages 7-12',
        ...(ageRangePolicy ? { ageRangePolicy } : {}),
      },
    });
    expect(r.status, await r.clone().text()).toBe(201);
    await t.settle();
    return ((await r.json()) as { id: string }).id;
  };

  it('given a school that refuses ages outside 7-12, when a 5-year-old is enrolled, then 400 names the participant’s age field in either shape and nothing is appended; where it only warns, the enrollment is taken', async () => {
    t = await makeEnrollmentApp();
    const refusing = await camp('refuse');
    const before = await t.eventStore.headPosition();

    const legacy = await t.post(`/api/enroll/workshop/${refusing}`, {
      ...strictForm({ studentAge: 5 }),
      totalPrice: 150,
    });
    expect(legacy.status).toBe(400);
    expect((await json<{ issues: { path: string; message: string }[] }>(legacy)).issues).toEqual([
      { path: 'studentAge', message: 'Participant 1 is 5; this class is for ages 7-12. Please pick another class.' },
    ]);
    const detailed = await t.post(`/api/enroll/workshop/${refusing}`, {
      ...twoChildren([lily, { ...theo, age: 14 }]),
      workshopId: refusing,
    });
    expect(detailed.status).toBe(400);
    expect((await json<{ issues: { path: string }[] }>(detailed)).issues.map((i) => i.path)).toEqual([
      'participantDetails.1.age',
    ]);
    expect(await t.eventStore.headPosition()).toBe(before);

    const warning = await camp();
    const taken = await t.post(`/api/enroll/workshop/${warning}`, {
      ...strictForm({ studentAge: 5 }),
      totalPrice: 150,
    });
    expect(taken.status).toBe(201);
  });
});
