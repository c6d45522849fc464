import { afterEach, describe, expect, it } from 'vitest';
import type { AbsenceResult } from '../../../contracts/courses/api.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { makeBookingApp, type BookingTestApp, type Bought } from '../booking/support.js';
import { calendarsOf } from '../../support/ics-read.js';
import { ADMIN_KEY } from '../admin/support.js';

/**
 * Issue 37 item 8: everyone in the room is told. An absence or a make-up e-mails the family its
 * calendar as it now stands (same UIDs, a higher SEQUENCE, a cancelling entry for what no longer
 * happens); a cancelled booking takes the class out of the parent's calendar; a transfer after an
 * absence carries a SEQUENCE above the absence's.
 */

/** Manners & Me on Saturdays (4 sessions from August 2, 2025) and its Tuesday term (4 sessions). */
const SATURDAYS = '11';
const TUESDAYS = '12';
const admin = { 'Admin-Key': ADMIN_KEY };

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
const otherMailTo = (email: string, since: number): MailMessage[] =>
  b.mailer.sent.slice(since).filter((m) => m.to === email);

describe('the parent’s calendar follows absences, make-ups, cancellations and transfers', () => {
  it('given an absence from session 3, then the family is e-mailed its calendar: sessions 1, 2 and 4 with their UIDs and a higher SEQUENCE, and session 3 cancelled', async () => {
    b = await makeBookingApp();
    const lily = await buyCourse();
    const confirmation = b.mailer.sent.find((m) => m.to === lily.email)!;
    const [booked] = calendarsOf(confirmation.attachments);
    expect(booked!.events).toHaveLength(4);
    const before = b.mailer.sent.length;

    await absent(lily.token, 3);

    const [mail] = otherMailTo(lily.email, before);
    expect(mail, 'an e-mail about the absence').toBeDefined();
    expect(mail!.subject).toMatch(/session 3/i);
    expect(mail!.text).toMatch(/make-up credit/i);
    const calendars = calendarsOf(mail!.attachments);
    const publish = calendars.find((c) => c.method === 'PUBLISH')!;
    const cancel = calendars.find((c) => c.method === 'CANCEL')!;
    const uids = booked!.events.map((e) => e.uid);
    expect(publish.events.map((e) => e.uid)).toEqual([uids[0], uids[1], uids[3]]);
    expect(cancel.events.map((e) => e.uid)).toEqual([uids[2]]);
    expect(cancel.events[0]!.status).toBe('CANCELLED');
    expect(cancel.contentType).toContain('method=CANCEL');
    for (const e of [...publish.events, ...cancel.events])
      expect(e.sequence).toBeGreaterThan(booked!.events[0]!.sequence);

    // The booking page's file says the same: session 3 is not in it, at that SEQUENCE.
    const download = calendarsOf([
      {
        filename: 'x.ics',
        contentType: 'text/calendar',
        content: await (await b.request('GET', `/api/bookings/${lily.token}/calendar.ics`)).text(),
      },
    ])[0]!;
    expect(download.events.map((e) => [e.uid, e.sequence])).toEqual(publish.events.map((e) => [e.uid, e.sequence]));

    // Delivered again (a crash before the checkpoints): no second e-mail.
    const sent = b.mailer.sent.length;
    await b.t.replayReactors();
    expect(b.mailer.sent.slice(sent).filter((m) => m.to === lily.email)).toHaveLength(0);
  });

  it('given a make-up booked and then cancelled, then each e-mails the calendar: the make-up as an event of its own, then that event cancelled, each at a higher SEQUENCE', async () => {
    b = await makeBookingApp();
    const lily = await buyCourse();
    const { creditId } = await absent(lily.token, 3);
    const afterAbsence = b.mailer.sent.length;
    const absenceSequence = calendarsOf(b.mailer.sent.at(-1)!.attachments)[0]!.events[0]!.sequence;

    await makeup(lily.token, creditId, TUESDAYS, 2);
    const [booked] = otherMailTo(lily.email, afterAbsence);
    expect(booked?.subject).toMatch(/make-up/i);
    expect(booked!.text).toMatch(/^Dear /);
    const publish = calendarsOf(booked!.attachments).find((c) => c.method === 'PUBLISH')!;
    const extra = publish.events.find((e) => e.dtstart === '20250812T213000Z');
    expect(extra, 'the Tuesday session 2 (August 12, 4:30 PM CDT) is in the calendar').toBeDefined();
    expect(extra!.summary).toMatch(/make-up/i);
    expect(extra!.sequence).toBeGreaterThan(absenceSequence);

    const afterBooking = b.mailer.sent.length;
    const cancelled = await b.request('POST', `/api/bookings/${lily.token}/makeups/${creditId}/cancel`, {});
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await b.t.settle();
    const [off] = otherMailTo(lily.email, afterBooking);
    expect(off?.subject).toMatch(/make-up/i);
    expect(off!.text).toMatch(/^Dear /);
    const cancel = calendarsOf(off!.attachments).find((c) => c.method === 'CANCEL')!;
    expect(cancel.events.map((e) => e.uid)).toContain(extra!.uid);
    expect(cancel.events.find((e) => e.uid === extra!.uid)!.status).toBe('CANCELLED');
    expect(cancel.events.find((e) => e.uid === extra!.uid)!.sequence).toBeGreaterThan(extra!.sequence);

    // Delivered again: no second e-mail of either.
    const sent = b.mailer.sent.length;
    await b.t.replayReactors();
    expect(otherMailTo(lily.email, sent)).toHaveLength(0);
  });

  it('given a course booking cancelled, then its cancellation e-mail carries a calendar that cancels every session, same UIDs, higher SEQUENCE', async () => {
    b = await makeBookingApp();
    const lily = await buyCourse();
    const [booked] = calendarsOf(b.mailer.sent.find((m) => m.to === lily.email)!.attachments);
    await absent(lily.token, 3);
    const absenceSequence = calendarsOf(b.mailer.sent.at(-1)!.attachments)[0]!.events[0]!.sequence;
    const before = b.mailer.sent.length;

    const r = await b.request('POST', `/api/bookings/${lily.token}/cancel`, {});
    expect(r.status, await r.clone().text()).toBe(200);
    await b.t.settle();

    const mail = otherMailTo(lily.email, before).find((m) => /cancel/i.test(m.subject))!;
    expect(mail, 'the cancellation e-mail').toBeDefined();
    const [cancel] = calendarsOf(mail.attachments);
    expect(cancel!.method).toBe('CANCEL');
    expect(cancel!.events.map((e) => e.uid)).toEqual(booked!.events.map((e) => e.uid));
    for (const e of cancel!.events) {
      expect(e.status).toBe('CANCELLED');
      expect(e.sequence).toBeGreaterThan(absenceSequence);
    }
  });

  it('given an absence, when the booking is transferred to the Tuesday term, then the transfer’s calendar is at a SEQUENCE above the absence’s', async () => {
    b = await makeBookingApp();
    const lily = await buyCourse();
    await absent(lily.token, 3);
    const absenceSequence = calendarsOf(b.mailer.sent.at(-1)!.attachments)[0]!.events[0]!.sequence;
    const before = b.mailer.sent.length;

    const moved = await b.request(
      'POST',
      `/api/admin/enrollments/${lily.enrollmentId}/transfer`,
      { workshopId: TUESDAYS },
      admin,
    );
    expect(moved.status, await moved.clone().text()).toBe(200);
    await b.t.settle();

    const mail = otherMailTo(lily.email, before).find((m) => calendarsOf(m.attachments).length > 0)!;
    expect(mail, 'the transfer e-mail with its calendar').toBeDefined();
    for (const e of calendarsOf(mail.attachments)[0]!.events) expect(e.sequence).toBeGreaterThan(absenceSequence);
  });
});
