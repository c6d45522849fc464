import { afterEach, describe, expect, it } from 'vitest';
import { signInMailsSent } from '../../service/account/sign-in.js';
import { canonicalMailbox } from '../../contracts/core/mailbox.js';
import { makeAccountApp, type AccountTestApp } from '../service/account/support.js';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from '../service/enrollment/support.js';
import { fill, joinUnconfirmed, makeWaitlistApp, schedule, waitlistEvents } from '../service/waitlist/support.js';

/**
 * Issue 36, item 8: one inbox, one allowance. `victim+1@gmail.com`, `victim+2@gmail.com` and
 * `v.i.c.t.i.m@gmail.com` all land in one inbox; each had its own allowance, so one inbox got 37
 * sign-in e-mails in seconds and the per-e-mail free-seat cap was passed the same way. Every
 * per-address limit is now keyed on the canonical mailbox, and sign-in e-mails have an hourly
 * ceiling per mailbox.
 */
let account: AccountTestApp | undefined;
let enrollment: EnrollmentTestApp | undefined;
afterEach(async () => {
  await account?.close();
  await enrollment?.close();
  account = enrollment = undefined;
});

/** 37 spellings of one Gmail inbox. */
const VARIANTS = [
  ...Array.from({ length: 30 }, (_, i) => `victim+${i + 1}@gmail.com`),
  'v.ictim@gmail.com',
  'vi.ctim@gmail.com',
  'V.I.C.T.I.M@gmail.com',
  'victim@googlemail.com',
  'Victim+x@GoogleMail.com',
  'vic.tim+y@gmail.com',
  'victim@gmail.com',
];

describe('one inbox, one allowance', () => {
  it('given 37 spellings of one Gmail inbox asked from 37 client addresses at once, then at most 3 sign-in e-mails reach it, and the rest get 429 with Retry-After in words', async () => {
    account = await makeAccountApp();
    expect(new Set(VARIANTS.map(canonicalMailbox))).toEqual(new Set(['victim@gmail.com']));
    const answers = [];
    for (const email of VARIANTS) answers.push(await account.call('POST', '/api/account/sign-in', { body: { email } }));
    await signInMailsSent(account.deps);

    expect(answers.filter((r) => r.status === 202)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(VARIANTS.length - 3);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused[0]!.json()).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/sign-in links were asked for this address.*wait/),
    });
    const inbox = account.mailer.sent.filter((m) => canonicalMailbox(m.to) === 'victim@gmail.com');
    expect(inbox).toHaveLength(3);
    // Sent to the address as typed, not the canonical one.
    expect(inbox.map((m) => m.to)).toEqual(VARIANTS.slice(0, 3));
  });

  it('given a link asked every 5 minutes for 3 hours under ever new spellings, then after the first hour one inbox gets at most 6 an hour; a refusal says so in words', async () => {
    const clock = { now: new Date('2025-05-01T12:00:00Z') };
    account = await makeAccountApp({ clock: () => clock.now });
    const allowedAt: number[] = [];
    let refusal: Response | undefined;
    for (let minute = 0; minute < 180; minute += 5) {
      clock.now = new Date(Date.parse('2025-05-01T12:00:00Z') + minute * 60_000);
      const email = `victim+${minute}@gmail.com`;
      const r = await account.call('POST', '/api/account/sign-in', { body: { email } });
      if (r.status === 202) allowedAt.push(minute);
      else if (minute >= 60) refusal ??= r;
    }
    await signInMailsSent(account.deps);
    const inLaterHours = allowedAt.filter((m) => m >= 60);
    expect(inLaterHours.length, `allowed at minutes ${allowedAt.join(',')}`).toBeLessThanOrEqual(12);
    expect(refusal?.status).toBe(429);
    expect(Number(refusal!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refusal!.json()).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/in the last hour.*wait \d+ minutes/),
    });
  });

  it('given the free-seat cap of 5 per e-mail, when spellings of one Gmail inbox ask from other client addresses, then the cap holds across them', async () => {
    enrollment = await makeEnrollmentApp();
    const statuses = [];
    for (const [i, email] of ['victim+a@gmail.com', 'v.ictim@gmail.com', 'VICTIM+b@googlemail.com'].entries())
      statuses.push(
        (
          await enrollment.post(
            '/api/enroll/workshop/10',
            { ...baseForm({ participants: 5, email }), totalPrice: 0 },
            { 'x-forwarded-for': `203.0.113.${120 + i}` },
          )
        ).status,
      );
    expect(statuses).toEqual([201, 429, 429]);
  });

  it('given one entry per e-mail on a waitlist, when spellings of one inbox join, then it is one entry and one e-mail', async () => {
    const t = await makeWaitlistApp();
    enrollment = t;
    await fill(t, await schedule(t, 'wm', 1));
    for (const email of ['victim+a@gmail.com', 'v.ictim@gmail.com', 'victim@googlemail.com'])
      await joinUnconfirmed(t, 'wm', email);
    await t.settle();
    expect(await waitlistEvents(t, 'wm', 'WaitlistJoined')).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => canonicalMailbox(m.to) === 'victim@gmail.com')).toHaveLength(1);
  });
});
