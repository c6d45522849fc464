import { afterEach, describe, expect, it } from 'vitest';
import type { AddedAdministrator } from '../../../contracts/admin/administrators.js';
import type { EnrollmentHistory } from '../../../contracts/admin/history.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type {
  MessageRecipientCount,
  WorkshopMessageAccepted,
  WorkshopMessageView,
} from '../../../contracts/messages/api.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import { holdTimer } from '../../../service/enrollment/sale/hold-timer.js';
import { tickerOf } from '../../support/timers.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { makeBookingApp, type BookingTestApp } from '../booking/support.js';
import { adminCall } from '../admin/support.js';
import { fill, join, joinUnconfirmed, makeWaitlistApp, schedule, type WaitlistApp } from '../waitlist/support.js';

/**
 * POST /api/admin/workshops/:id/messages: the school writes to a workshop's booked families or to
 * its waitlist; each family gets one e-mail, once, with its own way in (booking links, or the
 * leave link), and the message shows in the Messages list and in each booking's history.
 */

let booking: BookingTestApp | undefined;
let waitlist: WaitlistApp | undefined;
afterEach(async () => {
  await booking?.t.close();
  await waitlist?.close();
  booking = undefined;
  waitlist = undefined;
});

const NOTICE = {
  subject: 'Room change for Saturday',
  body: 'Dear families,\n\nWe meet in the Garden Room upstairs this Saturday.',
  audience: 'enrolled',
};

const messagesOf = (sent: readonly MailMessage[]) => sent.filter((m) => m.messageId.startsWith('<workshop-message-'));

/** A parent enrolls in the dinner (workshop 6, $150 a seat, $250 for two) with this e-mail and pays by card. */
async function buyAs(app: BookingTestApp, email: string, participants = 1): Promise<string> {
  const total = participants === 2 ? 250 : 150;
  const r = await app.request('POST', '/api/enroll/workshop/6', {
    ...baseForm({ email, participants }),
    totalPrice: total,
  });
  expect(r.status, await r.clone().text()).toBe(201);
  const { enrollmentId } = (await r.json()) as EnrollmentResponse;
  const intent = (await (
    await app.request('POST', '/api/create-payment-intent', { enrollmentId, amount: total })
  ).json()) as CreatePaymentIntentResponse;
  app.offline.confirmWithTestCard({
    clientSecret: intent.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  await app.offline.idle();
  await app.t.settle();
  return enrollmentId;
}

async function holdAs(app: BookingTestApp, email: string): Promise<string> {
  const r = await app.request('POST', '/api/enroll/workshop/6', { ...baseForm({ email }), totalPrice: 150 });
  expect(r.status).toBe(201);
  return ((await r.json()) as EnrollmentResponse).enrollmentId;
}

describe('a message to the booked families of a workshop', () => {
  it('given two paid families (one with two children in one booking and a second booking of its own), a cancelled booking, an unpaid hold and an expired one, when the office writes to the booked families, then each of the two families gets one e-mail with its booking links, and no one else gets any', async () => {
    booking = await makeBookingApp();
    const app = booking;
    const ann = 'ann@example.com';
    const annFirst = await buyAs(app, ann, 2);
    const annSecond = await buyAs(app, 'ANN@example.com');
    const bea = await buyAs(app, 'bea@example.com');
    const gone = await buyAs(app, 'cancelled@example.com');
    const cancelled = await adminCall(app.t.app, 'POST', `/api/admin/enrollments/${gone}/cancel`, {
      body: { refund: 'full', notify: false },
    });
    expect(cancelled.status).toBe(200);
    await holdAs(app, 'expired@example.com');
    app.clock.now = new Date(app.clock.now.getTime() + 31 * 60_000);
    expect((await tickerOf(holdTimer(app.t.deps), app.t.deps, 'test-timer').tick()).expired).toBe(1);
    await holdAs(app, 'unpaid@example.com');
    await app.t.settle();

    const count = await adminCall(app.t.app, 'GET', '/api/admin/workshops/6/messages/recipients?audience=enrolled');
    expect(await count.json()).toEqual({
      workshopId: '6',
      audience: 'enrolled',
      families: 2,
    } satisfies MessageRecipientCount);

    const r = await adminCall(app.t.app, 'POST', '/api/admin/workshops/6/messages', { body: NOTICE });
    expect(r.status, await r.clone().text()).toBe(202);
    const accepted = (await r.json()) as WorkshopMessageAccepted;
    expect(accepted).toMatchObject({ workshopId: '6', audience: 'enrolled', families: 2 });
    await app.t.settle();

    const mails = messagesOf(app.mailer.sent);
    expect(mails.map((m) => m.to).sort()).toEqual(['ann@example.com', 'bea@example.com']);
    const toAnn = mails.find((m) => m.to === ann)!;
    expect(toAnn.subject).toBe('Room change for Saturday – Etiquette After Dark - Dinner');
    expect(toAnn.text).toContain('We meet in the Garden Room upstairs this Saturday.');
    for (const id of [annFirst, annSecond]) {
      expect(toAnn.text).toContain(`https://school.example/booking/${id}.`);
      expect(toAnn.html).toContain(`https://school.example/booking/${id}.`);
    }
    const toBea = mails.find((m) => m.to === 'bea@example.com')!;
    expect(toBea.text).toContain(`https://school.example/booking/${bea}.`);
    expect(toBea.text).not.toContain(annFirst);

    // Delivered again from the first event (a crash before the checkpoints): nobody is written to twice.
    await app.t.replayReactors();
    expect(messagesOf(app.mailer.sent)).toHaveLength(2);

    const list = await adminCall(app.t.app, 'GET', `/api/admin/workshops/6/messages?minPosition=${accepted.position}`);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([
      {
        id: accepted.id,
        workshopId: '6',
        audience: 'enrolled',
        subject: NOTICE.subject,
        body: NOTICE.body,
        sentBy: 'Owner',
        writtenAt: expect.any(String),
        families: 2,
        sent: 2,
        undeliverable: 0,
      } satisfies WorkshopMessageView,
    ]);

    for (const id of [annFirst, annSecond, bea]) {
      const history = (await (
        await adminCall(app.t.app, 'GET', `/api/admin/enrollments/${id}/history`)
      ).json()) as EnrollmentHistory;
      expect(history.events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'WorkshopMessageWritten',
            actor: 'admin',
            by: 'Owner',
            summary: expect.stringContaining('"Room change for Saturday" written to the booked families'),
          }),
          expect.objectContaining({
            type: 'WorkshopMessageSent',
            summary: 'Message "Room change for Saturday" e-mailed to the parent (outbox).',
          }),
        ]),
      );
      const positions = history.events.map((e) => BigInt(e.position));
      expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
    }
    const cancelledHistory = (await (
      await adminCall(app.t.app, 'GET', `/api/admin/enrollments/${gone}/history`)
    ).json()) as EnrollmentHistory;
    expect(cancelledHistory.events.map((e) => e.type)).not.toContain('WorkshopMessageWritten');
  });

  it('given a workshop whose only bookings are unpaid holds, then there is no one to write to: 409 and nothing recorded', async () => {
    booking = await makeBookingApp();
    await holdAs(booking, 'unpaid@example.com');
    const before = await booking.t.eventStore.headPosition();
    const r = await adminCall(booking.t.app, 'POST', '/api/admin/workshops/6/messages', { body: NOTICE });
    expect(r.status).toBe(409);
    expect(await r.json()).toEqual({ error: expect.stringMatching(/no one to write to/), code: 'conflict' });
    expect(await booking.t.eventStore.headPosition()).toBe(before);
  });
});

describe('a message to the waitlist of a workshop', () => {
  it('given two confirmed entries and one never confirmed on a full workshop, when the office writes to the waitlist, then the two confirmed families get one e-mail each with their leave link, and the holders and the unconfirmed address get none', async () => {
    waitlist = await makeWaitlistApp();
    const t = waitlist;
    const workshop = await schedule(t, 'w1', 1);
    await fill(t, workshop);
    const first = await join(t, workshop.id, 'first@example.com', 2);
    await join(t, workshop.id, 'second@example.com');
    await joinUnconfirmed(t, workshop.id, 'unconfirmed@example.com');

    const count = await adminCall(
      t.app,
      'GET',
      `/api/admin/workshops/${workshop.id}/messages/recipients?audience=waitlist`,
    );
    expect(((await count.json()) as MessageRecipientCount).families).toBe(2);
    const r = await adminCall(t.app, 'POST', `/api/admin/workshops/${workshop.id}/messages`, {
      body: { ...NOTICE, subject: 'A second session', audience: 'waitlist' },
    });
    expect(r.status, await r.clone().text()).toBe(202);
    expect(((await r.json()) as WorkshopMessageAccepted).families).toBe(2);
    await t.settle();

    const mails = messagesOf(t.mailer.sent);
    expect(mails.map((m) => m.to).sort()).toEqual(['first@example.com', 'second@example.com']);
    const toFirst = mails.find((m) => m.to === 'first@example.com')!;
    expect(toFirst.text).toMatch(/Leave the waitlist: http:\/\/localhost:\d+\/waitlist\/leave\?token=w1\./);
    expect(toFirst.text).toContain(`token=w1.${first.waitlistEntryId}.`);
    expect(toFirst.text).not.toContain('/booking/');

    // The holders of the seats hold unpaid seats only: not booked families yet.
    const enrolled = await adminCall(t.app, 'POST', `/api/admin/workshops/${workshop.id}/messages`, { body: NOTICE });
    expect(enrolled.status).toBe(409);
  });
});

describe('refusals', () => {
  it('given a bad subject, body or audience, then 400 naming the field and nothing recorded; an unknown workshop is 404', async () => {
    booking = await makeBookingApp();
    const { t } = booking;
    await buyAs(booking, 'ann@example.com');
    const before = await t.eventStore.headPosition();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...NOTICE, subject: '   ' }, 'subject'],
      [{ ...NOTICE, subject: 'Two\nlines' }, 'subject'],
      [{ ...NOTICE, subject: 'x'.repeat(151) }, 'subject'],
      [{ ...NOTICE, body: '' }, 'body'],
      [{ ...NOTICE, body: 'x'.repeat(5_001) }, 'body'],
      [{ ...NOTICE, audience: 'everyone' }, 'audience'],
      [{ subject: 'Hi', body: 'Hello' }, 'audience'],
    ];
    for (const [body, field] of cases) {
      const r = await adminCall(t.app, 'POST', '/api/admin/workshops/6/messages', { body });
      expect(r.status, field).toBe(400);
      const answer = (await r.json()) as { error: string; code: string; issues: { path: string }[] };
      expect(answer.code).toBe('validation');
      expect(answer.error.startsWith(`${field}:`), answer.error).toBe(true);
      expect(answer.issues[0]!.path).toBe(field);
    }
    expect(await t.eventStore.headPosition()).toBe(before);

    for (const [method, path] of [
      ['POST', '/api/admin/workshops/nope/messages'],
      ['GET', '/api/admin/workshops/nope/messages'],
      ['GET', '/api/admin/workshops/nope/messages/recipients?audience=enrolled'],
    ] as const) {
      const r = await adminCall(t.app, method, path, method === 'POST' ? { body: NOTICE } : {});
      expect(r.status, path).toBe(404);
      expect(await r.json()).toEqual({
        error: expect.stringMatching(/could not find that workshop/),
        code: 'not_found',
      });
    }
    const badAudience = await adminCall(t.app, 'GET', '/api/admin/workshops/6/messages/recipients?audience=all');
    expect(badAudience.status).toBe(400);
  });

  it('given three messages to one workshop in a row, then the fourth is refused with 429, Retry-After and plain words, while another workshop may still be written to', async () => {
    booking = await makeBookingApp();
    const { t } = booking;
    await buyAs(booking, 'ann@example.com');
    await buyAs(booking, 'bea@example.com');
    for (let i = 0; i < 3; i++)
      expect((await adminCall(t.app, 'POST', '/api/admin/workshops/6/messages', { body: NOTICE })).status).toBe(202);
    await t.settle();
    const before = await t.eventStore.headPosition();
    const fourth = await adminCall(t.app, 'POST', '/api/admin/workshops/6/messages', { body: NOTICE });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('Retry-After'))).toBeGreaterThan(60);
    expect(await fourth.json()).toEqual({
      error: expect.stringMatching(/several messages in a short time.*please wait \d+ minutes/),
      code: 'rate_limited',
    });
    expect(await t.eventStore.headPosition()).toBe(before);

    const r = await t.app.request('/api/enroll/workshop/10', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...baseForm({ email: 'free@example.com' }), totalPrice: 0 }),
    });
    expect(r.status).toBe(201);
    await t.settle();
    expect((await adminCall(t.app, 'POST', '/api/admin/workshops/10/messages', { body: NOTICE })).status).toBe(202);
  });

  it('given a manager and an instructor, then the manager may write to families and the instructor is refused with 403, even for a workshop they teach', async () => {
    booking = await makeBookingApp();
    const { t } = booking;
    await buyAs(booking, 'ann@example.com');
    const add = async (name: string, role: string) => {
      const res = await adminCall(t.app, 'POST', '/api/admin/administrators', {
        body: { name, email: `${name.split(' ')[0]!.toLowerCase()}@school.example`, role },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as AddedAdministrator).key;
    };
    const manager = await add('Maya Lee', 'manager');
    // Workshop 6's instructor, so only the role can refuse her.
    const taught = (await (await t.app.request('/api/workshops/6')).json()) as { instructor: string };
    const instructor = await add(taught.instructor, 'instructor');

    for (const [method, path] of [
      ['POST', '/api/admin/workshops/6/messages'],
      ['GET', '/api/admin/workshops/6/messages'],
      ['GET', '/api/admin/workshops/6/messages/recipients?audience=enrolled'],
    ] as const) {
      const refused = await adminCall(t.app, method, path, {
        key: instructor,
        ...(method === 'POST' ? { body: NOTICE } : {}),
      });
      expect(refused.status, path).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
    }
    const byManager = await adminCall(t.app, 'POST', '/api/admin/workshops/6/messages', { key: manager, body: NOTICE });
    expect(byManager.status).toBe(202);
    const { position } = (await byManager.json()) as WorkshopMessageAccepted;
    const list = (await (
      await adminCall(t.app, 'GET', `/api/admin/workshops/6/messages?minPosition=${position}`, { key: manager })
    ).json()) as WorkshopMessageView[];
    expect(list[0]!.sentBy).toBe('Maya Lee');
  });
});
