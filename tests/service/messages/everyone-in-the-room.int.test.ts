import { afterEach, describe, expect, it } from 'vitest';
import type { AbsenceResult } from '../../../contracts/courses/api.js';
import type { MessageRecipientCount, WorkshopMessageAccepted } from '../../../contracts/messages/api.js';
import { makeBookingApp, type BookingTestApp, type Bought } from '../booking/support.js';
import { adminCall } from '../admin/support.js';

/**
 * Issue 37 item 8: everyone in the room is told. A message to a class reaches every family
 * expected in the session chosen, make-ups included, and a family can stop these messages
 * (items 8 and 11: List-Unsubscribe with a working stop route).
 */

/** Manners & Me on Saturdays (4 sessions from August 2, 2025) and its Tuesday term (4 sessions). */
const SATURDAYS = '11';
const TUESDAYS = '12';

let b: BookingTestApp;
afterEach(async () => b?.t.close());

const absent = async (token: string, session: number, participant = 0) => {
  const r = await b.request('POST', `/api/bookings/${token}/absences`, { session, participant });
  expect(r.status, await r.clone().text()).toBe(201);
  await b.t.settle();
  return (await r.json()) as AbsenceResult;
};
const makeup = async (token: string, creditId: string, workshopId: string, session: number) => {
  const r = await b.request('POST', `/api/bookings/${token}/makeups`, { creditId, workshopId, session });
  expect(r.status, await r.clone().text()).toBe(201);
  await b.t.settle();
};
const buyCourse = (id = SATURDAYS, participants = 1): Promise<Bought> =>
  b.buy(id, { participants, total: 225 * participants, strict: true });

const write = (workshopId: string, body: Record<string, unknown>) =>
  adminCall(b.t.app, 'POST', `/api/admin/workshops/${workshopId}/messages`, {
    body: { subject: 'Room change', body: 'We meet upstairs.', audience: 'enrolled', ...body },
  });
const messagesTo = (email: string) =>
  b.mailer.sent.filter((m) => m.to === email && m.messageId.startsWith('<workshop-message-'));

describe('a message reaches everyone expected in the room', () => {
  it('given a class whose only child is there on a make-up, when the office writes to its families, then that family is written to (no "No family has a confirmed booking")', async () => {
    b = await makeBookingApp();
    const lily = await buyCourse();
    const { creditId } = await absent(lily.token, 3);
    await makeup(lily.token, creditId, TUESDAYS, 2);

    const count = await adminCall(
      b.t.app,
      'GET',
      `/api/admin/workshops/${TUESDAYS}/messages/recipients?audience=enrolled`,
    );
    expect(((await count.json()) as MessageRecipientCount).families).toBe(1);
    const r = await write(TUESDAYS, {});
    expect(r.status, await r.clone().text()).toBe(202);
    expect(((await r.json()) as WorkshopMessageAccepted).families).toBe(1);
    await b.t.settle();
    const [mail] = messagesTo(lily.email);
    expect(mail, 'the make-up family is written to').toBeDefined();
    expect(mail!.text).toContain('We meet upstairs.');
    expect(mail!.text).toMatch(/make-up/i);
    expect(mail!.text).toContain(`https://school.example/booking/${lily.enrollmentId}.`);
  });

  it('given session 3 chosen, then the families expected in it are written to: not the child reported absent from it, and the make-up child in it', async () => {
    b = await makeBookingApp();
    const ann = await buyCourse();
    const bea = await buyCourse();
    // Ann's child misses session 3; a Tuesday child makes up session 3 here.
    await absent(ann.token, 3);
    const cleo = await buyCourse(TUESDAYS);
    const { creditId } = await absent(cleo.token, 1);
    await makeup(cleo.token, creditId, SATURDAYS, 3);

    const count = await adminCall(
      b.t.app,
      'GET',
      `/api/admin/workshops/${SATURDAYS}/messages/recipients?audience=enrolled&session=3`,
    );
    expect(((await count.json()) as MessageRecipientCount).families).toBe(2);
    const r = await write(SATURDAYS, { session: 3 });
    expect(r.status, await r.clone().text()).toBe(202);
    await b.t.settle();
    expect(messagesTo(ann.email)).toHaveLength(0);
    expect(messagesTo(bea.email)).toHaveLength(1);
    expect(messagesTo(cleo.email)).toHaveLength(1);
    // The e-mail is about that session.
    expect(messagesTo(bea.email)[0]!.text).toContain('Session 3');

    // The whole class: everyone booked and every make-up.
    const all = await write(SATURDAYS, {});
    expect(((await all.json()) as WorkshopMessageAccepted).families).toBe(3);

    const bad = await write(SATURDAYS, { session: 9 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['session']);
  });

  it('given a family that pressed the stop link (a mail program’s one-click POST), then the next message leaves it out; the link’s page alone stops nothing', async () => {
    b = await makeBookingApp();
    const ann = await buyCourse();
    const bea = await buyCourse();
    expect((await write(SATURDAYS, {})).status).toBe(202);
    await b.t.settle();
    const stop = /https:\/\/school\.example(\/messages\/stop\/[A-Za-z0-9_.-]+)/.exec(
      messagesTo(ann.email)[0]!.text,
    )?.[1];
    expect(stop, 'the message carries its stop link').toBeDefined();

    const page = await b.t.app.request(stop!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    const forged = await b.t.app.request(`${stop!.slice(0, -4)}AAAA`, { method: 'POST' });
    expect(forged.status).toBe(404);
    const oneClick = await b.t.app.request(stop!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    const r = await write(SATURDAYS, { subject: 'Snow day' });
    expect(((await r.json()) as WorkshopMessageAccepted).families).toBe(1);
    await b.t.settle();
    expect(messagesTo(ann.email)).toHaveLength(1);
    expect(messagesTo(bea.email)).toHaveLength(2);
  });
});
