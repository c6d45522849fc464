import { afterEach, describe, expect, it } from 'vitest';
import type { BookingView } from '../../../contracts/booking/api.js';
import type { EnrollmentHistory } from '../../../contracts/admin/history.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { createBookingLinks } from '../../../service/enrollment/after-sale/booking-link.js';
import { fullRefundDeadline } from '../../../service/enrollment/after-sale/cancellation-policy.js';
import { adminCall } from '../admin/support.js';
import { makeBookingApp, type BookingTestApp } from './support.js';

let app: BookingTestApp;
afterEach(async () => {
  await app?.t.close();
});

const view = async (r: Response) => {
  const body = (await r.json()) as BookingView;
  return body;
};

/** Each participant's details as the page sends them back, with one change. */
const withDiet = (b: BookingView, index: number, diet: string) =>
  b.participants.map((p, i) =>
    i === index ? { ...p, hasDietaryRestrictions: diet !== '', dietaryRestrictions: diet } : p,
  );

describe('GET /api/bookings/:token: the booking behind the e-mailed link', () => {
  it('given a paid children’s workshop, when the parent opens the link of the confirmation e-mail, then the booking is answered with the details, what was paid and the policy of today, no contact details, never cached and sent with no Referer', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, total: 150 });

    const r = await app.request('GET', `/api/bookings/${bought.token}`);

    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toMatch(/no-store/);
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    const b = await view(r);
    expect(b).toMatchObject({
      orderId: `ORD-${bought.enrollmentId}`,
      status: 'completed',
      strict: true,
      amountCents: 15_000,
      paidCents: 15_000,
      refundedCents: 0,
      refunds: [],
      editable: true,
      cancellation: { kind: 'full-refund', refundCents: 15_000 },
      item: { kind: 'workshop', id: '8', title: expect.any(String), location: expect.any(String) },
    });
    expect(b.participants).toEqual([
      expect.objectContaining({ name: 'Lily Whitfield', age: 8, grade: '3rd', school: 'Hedgcoxe Elementary' }),
    ]);
    const text = JSON.stringify(b);
    expect(text).not.toContain(bought.email);
    expect(text).not.toContain('9725550100');
    expect(text).not.toContain('Ruth Porter');

    const ics = await app.request('GET', `/api/bookings/${bought.token}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await ics.text()).toContain(`UID:ORD-${bought.enrollmentId}@`);
  });

  it.each([
    ['forged (the signature changed)', (token: string) => token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')],
    [
      'signed with a former secret (rotated)',
      (token: string) => createBookingLinks('the-secret-before-it-was-rotated-000000').token(token.split('.')[0]!),
    ],
    ['malformed (no signature)', (token: string) => token.split('.')[0]!],
    ['malformed (junk)', () => 'not-a-booking-link'],
    ['malformed (three parts)', (token: string) => `${token}.x`],
  ])(
    'given a link %s, when opened, then 404 with { error, code } and nothing about the booking',
    async (_name, tamper) => {
      app = await makeBookingApp();
      const bought = await app.buy('6', { total: 150 });
      const before = await app.t.eventStore.headPosition();

      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['PATCH', '', { participantDetails: [] }],
        ['POST', '/cancel', {}],
      ] as const) {
        const r = await app.request(method, `/api/bookings/${tamper(bought.token)}${path}`, body);
        expect(r.status, `${method} ${path}`).toBe(404);
        const answer = (await r.json()) as { error: string; code: string };
        expect(answer).toEqual({ error: expect.stringMatching(/could not find a booking/), code: 'not_found' });
      }
      expect(await app.t.eventStore.headPosition()).toBe(before);
    },
  );

  it('given the secret rotated, when the link sent before is opened, then 404, and a link signed with the new secret opens the booking', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('6', { total: 150 });
    expect((await app.request('GET', `/api/bookings/${bought.token}`)).status).toBe(200);

    app.t.deps.config = { ...app.t.deps.config, BOOKING_LINK_SECRET: 'a-brand-new-booking-link-secret-000000' };
    // The routes read the configuration they were built with: a rotation is a restart.
    const { createApp } = await import('../../../service/app.js');
    const restarted = createApp(app.t.deps);

    expect((await restarted.request(`/api/bookings/${bought.token}`)).status).toBe(404);
    const fresh = createBookingLinks('a-brand-new-booking-link-secret-000000').token(bought.enrollmentId);
    expect((await restarted.request(`/api/bookings/${fresh}`)).status).toBe(200);
  });

  it('given two bookings, when one parent’s token is used, then it reads and changes that booking only, and a signature moved onto the other id is refused', async () => {
    app = await makeBookingApp();
    const mine = await app.buy('8', { strict: true, total: 150 });
    const theirs = await app.buy('8', { strict: true, total: 150 });
    const theirsBefore = await app.t.eventStore.readStream(enrollmentStream(theirs.enrollmentId));

    const b = await view(await app.request('GET', `/api/bookings/${mine.token}`));
    expect(b.orderId).toBe(`ORD-${mine.enrollmentId}`);
    const patched = await app.request('PATCH', `/api/bookings/${mine.token}`, {
      participantDetails: withDiet(b, 0, 'No shellfish'),
    });
    expect(patched.status).toBe(200);
    expect(await app.t.eventStore.readStream(enrollmentStream(theirs.enrollmentId))).toEqual(theirsBefore);

    const [, mySignature] = mine.token.split('.');
    const spliced = `${theirs.enrollmentId}.${mySignature}`;
    expect((await app.request('GET', `/api/bookings/${spliced}`)).status).toBe(404);
    expect((await app.request('POST', `/api/bookings/${spliced}/cancel`, {})).status).toBe(404);
    expect(await app.types(theirs.enrollmentId)).not.toContain('EnrollmentCancelled');
  });
});

describe('PATCH /api/bookings/:token: the parent corrects the participants’ details', () => {
  it('given a dietary restriction ticked but not described, when sent, then 400 names the field and nothing is appended', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, total: 150 });
    const b = await view(await app.request('GET', `/api/bookings/${bought.token}`));
    const before = await app.t.eventStore.headPosition();

    const r = await app.request('PATCH', `/api/bookings/${bought.token}`, {
      participantDetails: [{ ...b.participants[0], hasDietaryRestrictions: true, dietaryRestrictions: '' }],
    });

    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: string; code: string; issues: { path: string; message: string }[] };
    expect(body.code).toBe('validation');
    expect(body.issues).toEqual([
      { path: 'participantDetails.0.dietaryRestrictions', message: expect.stringMatching(/^Participant 1: /) },
    ]);
    expect(body.error).toMatch(/^participantDetails\.0\.dietaryRestrictions: /);
    expect(await app.t.eventStore.headPosition()).toBe(before);
  });

  it.each([
    ['an age left out', 'participantDetails.0.age', (p: Record<string, unknown>) => ({ ...p, age: null })],
    [
      'a name with a line break',
      'participantDetails.0.name',
      (p: Record<string, unknown>) => ({ ...p, name: 'Lily\nWhitfield' }),
    ],
  ])('given %s, when sent, then 400 names %s and nothing is appended', async (_n, path, change) => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, total: 150 });
    const b = await view(await app.request('GET', `/api/bookings/${bought.token}`));
    const before = await app.t.eventStore.headPosition();

    const r = await app.request('PATCH', `/api/bookings/${bought.token}`, {
      participantDetails: [change(b.participants[0] as unknown as Record<string, unknown>)],
    });

    expect(r.status).toBe(400);
    expect(((await r.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(path);
    expect(await app.t.eventStore.headPosition()).toBe(before);
  });

  it('given one participant booked, when two are sent, then 400 names participantDetails and nothing is appended', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, total: 150 });
    const b = await view(await app.request('GET', `/api/bookings/${bought.token}`));
    const before = await app.t.eventStore.headPosition();

    const r = await app.request('PATCH', `/api/bookings/${bought.token}`, {
      participantDetails: [b.participants[0], b.participants[0]],
    });

    expect(r.status).toBe(400);
    expect(((await r.json()) as { issues: { path: string }[] }).issues).toEqual([
      { path: 'participantDetails', message: 'Please give the details of each participant: 1 participant, 2 given.' },
    ]);
    expect(await app.t.eventStore.headPosition()).toBe(before);
  });

  it('given an allergy added, when sent, then ParticipantDetailsCorrected is recorded by the visitor, the booking and the admin view read it, and the history says the parent did it', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, total: 150 });
    const b = await view(await app.request('GET', `/api/bookings/${bought.token}`));

    const r = await app.request('PATCH', `/api/bookings/${bought.token}`, {
      participantDetails: withDiet(b, 0, 'Tree nuts'),
    });

    expect(r.status).toBe(200);
    const after = await view(r);
    expect(after.participants[0]).toMatchObject({ hasDietaryRestrictions: true, dietaryRestrictions: 'Tree nuts' });
    const events = await app.t.eventStore.readStream(enrollmentStream(bought.enrollmentId));
    const corrected = events.filter((e) => e.type === 'ParticipantDetailsCorrected');
    expect(corrected).toHaveLength(1);
    expect(corrected[0]!.metadata.actor).toBe('visitor');
    expect(corrected[0]!.data).toMatchObject({
      changed: ['0.hasDietaryRestrictions', '0.dietaryRestrictions'],
      participantDetails: [expect.objectContaining({ name: 'Lily Whitfield', dietaryRestrictions: 'Tree nuts' })],
    });

    const again = await view(await app.request('GET', `/api/bookings/${bought.token}?minPosition=${after.position}`));
    expect(again.participants[0]!.dietaryRestrictions).toBe('Tree nuts');
    const history = (await (
      await adminCall(
        app.t.app,
        'GET',
        `/api/admin/enrollments/${bought.enrollmentId}/history?minPosition=${after.position}`,
      )
    ).json()) as EnrollmentHistory;
    const entry = history.events.find((e) => e.type === 'ParticipantDetailsCorrected');
    expect(entry).toMatchObject({
      actor: 'visitor',
      by: 'parent',
      summary:
        'Participant details corrected by the parent on the booking page: participant 1 dietary restrictions (yes/no), participant 1 dietary restrictions.',
    });
    expect(entry!.summary).not.toContain('Tree nuts');
    const detail = (await (
      await adminCall(app.t.app, 'GET', `/api/admin/enrollments/${bought.enrollmentId}?minPosition=${after.position}`)
    ).json()) as { participantDetails: { dietaryRestrictions: string }[] };
    expect(detail.participantDetails[0]!.dietaryRestrictions).toBe('Tree nuts');
  });

  it('given the same details sent again, then nothing is appended', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, total: 150 });
    const b = await view(await app.request('GET', `/api/bookings/${bought.token}`));
    const before = await app.t.eventStore.headPosition();

    const r = await app.request('PATCH', `/api/bookings/${bought.token}`, { participantDetails: b.participants });

    expect(r.status).toBe(200);
    expect(await app.t.eventStore.headPosition()).toBe(before);
  });

  it('given a cancelled booking, or a workshop that has begun, when details are sent, then 409 and nothing is appended', async () => {
    app = await makeBookingApp();
    const cancelled = await app.buy('8', { strict: true, total: 150 });
    const b = await view(await app.request('GET', `/api/bookings/${cancelled.token}`));
    expect((await app.request('POST', `/api/bookings/${cancelled.token}/cancel`, {})).status).toBe(200);
    await app.t.settle();
    let before = await app.t.eventStore.headPosition();
    const r = await app.request('PATCH', `/api/bookings/${cancelled.token}`, {
      participantDetails: withDiet(b, 0, 'Eggs'),
    });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { error: string }).error).toMatch(/cancelled/);
    expect(await app.t.eventStore.headPosition()).toBe(before);

    const begun = await app.buy('8', { strict: true, total: 150 });
    const v = await view(await app.request('GET', `/api/bookings/${begun.token}`));
    app.clock.now = new Date(await app.workshopStart('8'));
    before = await app.t.eventStore.headPosition();
    const late = await app.request('PATCH', `/api/bookings/${begun.token}`, {
      participantDetails: withDiet(v, 0, 'Eggs'),
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toMatch(/has begun/);
    expect(await app.t.eventStore.headPosition()).toBe(before);
  });
});

describe('POST /api/bookings/:token/cancel: the parent cancels under the school’s policy', () => {
  it('given the cancellation at the full-refund deadline (7 days before, on the school’s clock), then everything paid is refunded and the booking says so', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('6', { total: 150 });
    app.clock.now = fullRefundDeadline(await app.workshopStart('6'), 7);

    const quoted = await view(await app.request('GET', `/api/bookings/${bought.token}`));
    expect(quoted.cancellation).toEqual({
      kind: 'full-refund',
      refundCents: 15_000,
      deadline: app.clock.now.toISOString(),
    });
    const r = await app.request('POST', `/api/bookings/${bought.token}/cancel`, {});

    expect(r.status).toBe(200);
    const after = await view(r);
    expect(after).toMatchObject({
      status: 'cancelled',
      refunds: [{ amountCents: 15_000, reason: 'cancelled', status: 'issued' }],
      refundedCents: 15_000,
      editable: false,
      cancellation: { kind: 'closed' },
    });
    const events = await app.t.eventStore.readStream(enrollmentStream(bought.enrollmentId));
    expect(events.find((e) => e.type === 'EnrollmentCancelled')).toMatchObject({
      data: { reason: 'cancelled-by-visitor' },
      metadata: { actor: 'visitor' },
    });
    expect(events.filter((e) => e.type === 'RefundIssued').map((e) => e.data)).toEqual([
      expect.objectContaining({ amountCents: 15_000 }),
    ]);
  });

  it('given the cancellation one millisecond after that deadline, then the page is told before and nothing is refunded', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('6', { total: 150 });
    app.clock.now = new Date(fullRefundDeadline(await app.workshopStart('6'), 7).getTime() + 1);

    const quoted = await view(await app.request('GET', `/api/bookings/${bought.token}`));
    expect(quoted.cancellation).toMatchObject({ kind: 'no-refund', refundCents: 0 });
    const r = await app.request('POST', `/api/bookings/${bought.token}/cancel`, {});

    expect(r.status).toBe(200);
    expect(await view(r)).toMatchObject({ status: 'cancelled', refunds: [], refundedCents: 0 });
    const types = await app.types(bought.enrollmentId);
    expect(types).toContain('EnrollmentCancelled');
    expect(types).not.toContain('RefundRequested');
  });

  it('given a free booking, when cancelled the hour before the start, then it is cancelled, with nothing to refund, and its seat goes back', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('10', { total: 0 });
    app.clock.now = new Date(Date.parse(await app.workshopStart('10')) - 3_600_000);
    const quoted = await view(await app.request('GET', `/api/bookings/${bought.token}`));
    expect(quoted.cancellation).toEqual({ kind: 'free', refundCents: 0 });

    const r = await app.request('POST', `/api/bookings/${bought.token}/cancel`, {});

    expect(r.status).toBe(200);
    expect(await view(r)).toMatchObject({ status: 'cancelled', refunds: [] });
    await app.t.settle();
    expect(await app.types(bought.enrollmentId)).not.toContain('RefundRequested');
    const parentMail = app.mailer.sent.filter((m) => m.to === bought.email).map((m) => m.subject);
    expect(parentMail.some((s) => s.startsWith('Your enrollment is cancelled'))).toBe(true);
  });

  it('given the workshop has begun, when cancelled, then 409 and nothing is appended', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('6', { total: 150 });
    app.clock.now = new Date(await app.workshopStart('6'));
    const before = await app.t.eventStore.headPosition();

    const r = await app.request('POST', `/api/bookings/${bought.token}/cancel`, {});

    expect(r.status).toBe(409);
    expect((await r.json()) as { error: string; code: string }).toEqual({
      error: 'The workshop has begun, so it can no longer be cancelled.',
      code: 'conflict',
    });
    expect(await app.t.eventStore.headPosition()).toBe(before);
  });

  it('given a cancelled booking, when cancelled again, and two cancels at once on another, then each second one is 409 and one refund is made', async () => {
    app = await makeBookingApp();
    const once = await app.buy('6', { total: 150 });
    expect((await app.request('POST', `/api/bookings/${once.token}/cancel`, {})).status).toBe(200);
    const again = await app.request('POST', `/api/bookings/${once.token}/cancel`, {});
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/already cancelled; nothing more was refunded/);

    const twice = await app.buy('6', { total: 150 });
    const answers = await Promise.all([
      app.request('POST', `/api/bookings/${twice.token}/cancel`, {}),
      app.request('POST', `/api/bookings/${twice.token}/cancel`, {}),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    await app.t.settle();
    for (const id of [once.enrollmentId, twice.enrollmentId]) {
      const types = await app.types(id);
      expect(types.filter((x) => x === 'EnrollmentCancelled')).toHaveLength(1);
      expect(types.filter((x) => x === 'RefundRequested')).toHaveLength(1);
      expect(types.filter((x) => x === 'RefundIssued')).toHaveLength(1);
    }
  });

  it('given one client sending many changes, then the anonymous-write limit answers 429 with Retry-After in words a parent understands', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('8', { strict: true, total: 150 });
    const b = await view(await app.request('GET', `/api/bookings/${bought.token}`));
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 12; i++) {
      last = await app.request('PATCH', `/api/bookings/${bought.token}`, { participantDetails: b.participants }, from);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last!.json()) as { error: string }).error).toMatch(/Please wait .* and try again/);
  });
});

describe('GET /api/bookings/:token/calendar.ics after a transfer', () => {
  const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();

  it('given a booking moved to another workshop, when the parent downloads the calendar file, then it carries the transfer e-mail’s UID, SEQUENCE and new date, so a calendar replaces the old entry', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('6', { participants: 1, total: 150 });
    const before = await (await app.request('GET', `/api/bookings/${bought.token}/calendar.ics`)).text();
    expect(field(before, 'SEQUENCE')).toBeUndefined();

    const moved = await adminCall(app.t.app, 'POST', `/api/admin/enrollments/${bought.enrollmentId}/transfer`, {
      body: { workshopId: '9' },
    });
    expect(moved.status).toBe(200);
    await app.t.settle();
    const mail = app.mailer.sent.find(
      (m) => m.to === bought.email && m.subject.startsWith('Your enrollment has moved'),
    );
    const emailed = mail?.attachments.find((a) => a.filename.endsWith('.ics'))?.content ?? '';
    expect(field(emailed, 'SEQUENCE')).toBe('1');

    const r = await app.request('GET', `/api/bookings/${bought.token}/calendar.ics`);
    expect(r.status).toBe(200);
    const downloaded = await r.text();
    expect(field(downloaded, 'UID')).toBe(field(before, 'UID'));
    expect(field(downloaded, 'UID')).toBe(field(emailed, 'UID'));
    expect(field(downloaded, 'SEQUENCE')).toBe('1');
    expect(field(downloaded, 'DTSTART')).toBe(field(emailed, 'DTSTART'));
    expect(field(downloaded, 'DTSTART')).not.toBe(field(before, 'DTSTART'));
  });

  it('given a cancelled booking, when the calendar file is asked for, then 404: no date to keep', async () => {
    app = await makeBookingApp();
    const bought = await app.buy('6', { participants: 1, total: 150 });
    const cancelled = await adminCall(app.t.app, 'POST', `/api/admin/enrollments/${bought.enrollmentId}/cancel`, {
      body: { refund: 'none', reason: 'The family moved away.' },
    });
    expect(cancelled.status).toBe(200);
    expect((await app.request('GET', `/api/bookings/${bought.token}/calendar.ics`)).status).toBe(404);
  });
});
