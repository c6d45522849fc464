import { afterEach, describe, expect, it } from 'vitest';
import type { AbsenceResult } from '../../../contracts/courses/api.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { makeBookingApp, type BookingTestApp, type Bought } from '../booking/support.js';
import { calendarsOf } from '../../support/ics-read.js';

/**
 * Issue 37 item 8: everyone in the room is told. An absence e-mails the family its calendar as it
 * now stands (same UIDs, a higher SEQUENCE, a cancelling entry for what no longer happens).
 */

/** Manners & Me on Saturdays (4 sessions from August 2, 2025). */
const SATURDAYS = '11';

let b: BookingTestApp;
afterEach(async () => b?.t.close());

const absent = async (token: string, session: number, participant = 0) => {
  const r = await b.request('POST', `/api/bookings/${token}/absences`, { session, participant });
  expect(r.status, await r.clone().text()).toBe(201);
  await b.t.settle();
  return (await r.json()) as AbsenceResult;
};
const buyCourse = (id = SATURDAYS, participants = 1): Promise<Bought> =>
  b.buy(id, { participants, total: 225 * participants, strict: true });
const otherMailTo = (email: string, since: number): MailMessage[] =>
  b.mailer.sent.slice(since).filter((m) => m.to === email);

describe('the parent’s calendar follows absences', () => {
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
});
