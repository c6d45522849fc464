import { afterEach, describe, expect, it } from 'vitest';
import type { AbsenceResult } from '../../../contracts/courses/api.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { makeBookingApp, type BookingTestApp, type Bought } from '../booking/support.js';
import { calendarsOf, type ReadCalendar } from '../../support/ics-read.js';

/**
 * Issue 37 item 8, calendars that stay true. A parent's calendar holds one event per session per
 * booking (the children of a booking share it) and one per make-up booked: a child leaving a
 * booking of several cancels only the sessions no one from the booking attends any more, and that
 * child's make-ups; a whole booking cancelled cancels its make-ups with its sessions; the booking
 * page's download carries the make-ups booked and leaves out the sessions missed.
 */

/** Manners & Me on Saturdays (4 sessions from August 2, 2025) and its Tuesday term (4 sessions). */
const SATURDAYS = '11';
const TUESDAYS = '12';
/** The Tuesday term's session 2: August 12, 2025, 4:30 PM CDT. */
const TUESDAY_2 = '20250812T213000Z';

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
const cancel = async (token: string, body: object = {}) => {
  const r = await b.request('POST', `/api/bookings/${token}/cancel`, body);
  expect(r.status, await r.clone().text()).toBe(200);
  await b.t.settle();
};
const buyCourse = (participants = 1): Promise<Bought> =>
  b.buy(SATURDAYS, { participants, total: 225 * participants, strict: true });
const mailTo = (email: string, since: number): MailMessage[] =>
  b.mailer.sent.slice(since).filter((m) => m.to === email);
const cancellationMail = (email: string, since: number) => mailTo(email, since).find((m) => /cancel/i.test(m.subject))!;
const cancelling = (mail: MailMessage): ReadCalendar | undefined =>
  calendarsOf(mail.attachments).find((c) => c.method === 'CANCEL');
const download = async (token: string) => {
  const r = await b.request('GET', `/api/bookings/${token}/calendar.ics`);
  expect(r.status).toBe(200);
  return calendarsOf([{ filename: 'x.ics', contentType: 'text/calendar', content: await r.text() }])[0]!;
};
/** The make-up's own event, as the make-up e-mail put it in the calendar. */
const makeupEvent = (mail: MailMessage) =>
  calendarsOf(mail.attachments)
    .find((c) => c.method === 'PUBLISH')!
    .events.find((e) => e.dtstart === TUESDAY_2)!;

describe('calendars that stay true when children leave and make-ups are booked', () => {
  it('given two children, when one leaves, then the cancellation e-mail cancels only what no one from the booking attends: the sessions the other misses, and the leaver’s make-up', async () => {
    b = await makeBookingApp();
    const family = await buyCourse(2);
    const [booked] = calendarsOf(b.mailer.sent.find((m) => m.to === family.email)!.attachments);
    const uids = booked!.events.map((e) => e.uid);
    expect(uids).toHaveLength(4);
    // The second child misses session 2; the first misses session 3 and makes it up on a Tuesday.
    await absent(family.token, 2, 1);
    const { creditId } = await absent(family.token, 3, 0);
    const beforeMakeup = b.mailer.sent.length;
    await makeup(family.token, creditId, TUESDAYS, 2);
    const theMakeup = makeupEvent(mailTo(family.email, beforeMakeup)[0]!);
    const before = b.mailer.sent.length;

    await cancel(family.token, { participant: 0 });

    const mail = cancellationMail(family.email, before);
    expect(mail, 'the place’s cancellation e-mail').toBeDefined();
    const calendar = cancelling(mail);
    expect(calendar, 'a calendar that cancels what nobody attends now').toBeDefined();
    // Session 2: the one still coming misses it. Session 3: she attends it, so it stays.
    expect(calendar!.events.map((e) => e.uid).sort()).toEqual([uids[1], theMakeup.uid].sort());
    for (const e of calendar!.events) {
      expect(e.status).toBe('CANCELLED');
      expect(e.sequence).toBeGreaterThan(theMakeup.sequence);
    }
    expect(mail.text).toMatch(/calendar file attached/i);
  });

  it('given two children and no absence, when one leaves, then no session leaves the calendar: the other still attends them all', async () => {
    b = await makeBookingApp();
    const family = await buyCourse(2);
    const before = b.mailer.sent.length;

    await cancel(family.token, { participant: 1 });

    const mail = cancellationMail(family.email, before);
    expect(mail, 'the place’s cancellation e-mail').toBeDefined();
    expect(cancelling(mail)).toBeUndefined();
    expect((await download(family.token)).events).toHaveLength(4);
  });

  it('given a make-up booked, when the whole booking is cancelled, then its cancellation e-mail cancels the make-up session too', async () => {
    b = await makeBookingApp();
    const lily = await buyCourse();
    const { creditId } = await absent(lily.token, 3);
    const beforeMakeup = b.mailer.sent.length;
    await makeup(lily.token, creditId, TUESDAYS, 2);
    const theMakeup = makeupEvent(mailTo(lily.email, beforeMakeup)[0]!);
    const before = b.mailer.sent.length;

    await cancel(lily.token);

    const calendar = cancelling(cancellationMail(lily.email, before));
    const cancelledMakeup = calendar?.events.find((e) => e.uid === theMakeup.uid);
    expect(cancelledMakeup, 'the make-up session cancelled in the calendar').toBeDefined();
    expect(cancelledMakeup!.status).toBe('CANCELLED');
    expect(cancelledMakeup!.sequence).toBeGreaterThan(theMakeup.sequence);
    expect(calendar!.events).toHaveLength(5);
    // No second e-mail about the make-up's seat given back: the cancellation told it.
    expect(mailTo(lily.email, before)).toHaveLength(1);
  });

  it('given a make-up booked, then the booking page’s calendar file carries it beside the sessions attended, leaves out the one missed, and drops the make-up once it is cancelled', async () => {
    b = await makeBookingApp();
    const lily = await buyCourse();
    const { creditId } = await absent(lily.token, 3);
    const beforeMakeup = b.mailer.sent.length;
    await makeup(lily.token, creditId, TUESDAYS, 2);
    const theMakeup = makeupEvent(mailTo(lily.email, beforeMakeup)[0]!);

    const file = await download(lily.token);
    expect(file.method).toBe('PUBLISH');
    expect(file.events).toHaveLength(4);
    const extra = file.events.find((e) => e.uid === theMakeup.uid);
    expect(extra, 'the make-up in the downloaded calendar').toBeDefined();
    expect(extra!.dtstart).toBe(TUESDAY_2);
    expect(extra!.summary).toMatch(/make-up/i);
    expect(extra!.sequence).toBe(theMakeup.sequence);
    expect(file.events.filter((e) => e.uid !== theMakeup.uid).map((e) => e.summary)).toEqual([
      expect.stringMatching(/session 1 of 4/),
      expect.stringMatching(/session 2 of 4/),
      expect.stringMatching(/session 4 of 4/),
    ]);

    const r = await b.request('POST', `/api/bookings/${lily.token}/makeups/${creditId}/cancel`, {});
    expect(r.status, await r.clone().text()).toBe(200);
    await b.t.settle();
    expect((await download(lily.token)).events.map((e) => e.uid)).not.toContain(theMakeup.uid);
  });
});
