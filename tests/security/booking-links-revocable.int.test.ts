import { afterEach, describe, expect, it } from 'vitest';
import { makeBookingApp, type BookingTestApp } from '../service/booking/support.js';

/** Workshop 10 is free: confirmed at once, its confirmation (with the link) e-mailed. */
const FREE = '10';

let b: BookingTestApp;
afterEach(async () => {
  await b?.t.close();
});

const LINK = /https:\/\/school\.example\/booking\/([A-Za-z0-9_.-]+)/;

/** The link of the newest e-mail to `email` whose subject matches. */
const newestLink = (email: string, subject: RegExp) => {
  const mail = b.mailer.sent.filter((m) => m.to === email && subject.test(m.subject)).at(-1);
  return mail ? LINK.exec(mail.text)?.[1] : undefined;
};

describe('issue 36 item 1: booking links are revocable ("send me a new link"), old links answer 410 with words', () => {
  it('given a booking and its e-mailed link, when "send me a new link" is pressed with it, then the booking’s contact alone is e-mailed a new link (version 1), the old link answers 410 with words and the new one opens the booking', async () => {
    b = await makeBookingApp();
    const bought = await b.buy(FREE);
    const others = b.mailer.sent.filter((m) => m.to !== bought.email).length;

    const asked = await b.request('POST', `/api/bookings/${bought.token}/new-link`, {});
    expect(asked.status, await asked.clone().text()).toBe(202);
    expect(((await asked.json()) as { message: string }).message).toContain(
      'e-mailed a new link to the address this booking was made with',
    );
    await b.t.settle();

    const fresh = newestLink(bought.email, /new link/);
    expect(fresh, 'the new link is e-mailed to the contact').toMatch(new RegExp(`^${bought.enrollmentId}\\.1\\.`));
    expect(b.mailer.sent.filter((m) => m.to !== bought.email)).toHaveLength(others);

    const old = await b.request('GET', `/api/bookings/${bought.token}`);
    expect(old.status).toBe(410);
    const refusal = (await old.json()) as { error: string; code: string };
    expect(refusal.code).toBe('gone');
    expect(refusal.error).toContain('replaced by a newer one');
    for (const path of ['/calendar.ics', '/receipt.pdf'])
      expect((await b.request('GET', `/api/bookings/${bought.token}${path}`)).status).toBe(410);
    expect((await b.request('POST', `/api/bookings/${bought.token}/cancel`, {})).status).toBe(410);
    expect((await b.request('GET', `/api/bookings/${fresh}`)).status).toBe(200);
  });

  it('given a link already replaced, when "send me a new link" is pressed with it, then the current link is e-mailed to the contact and not replaced again: a revoked link cannot revoke its successor', async () => {
    b = await makeBookingApp();
    const bought = await b.buy(FREE);
    expect((await b.request('POST', `/api/bookings/${bought.token}/new-link`, {})).status).toBe(202);
    await b.t.settle();
    const current = newestLink(bought.email, /new link/)!;

    const again = await b.request('POST', `/api/bookings/${bought.token}/new-link`, {});
    expect(again.status).toBe(202);
    await b.t.settle();
    expect(b.mailer.sent.filter((m) => m.to === bought.email && /new link/.test(m.subject))).toHaveLength(2);
    expect(newestLink(bought.email, /new link/)).toBe(current);
    expect((await b.request('GET', `/api/bookings/${current}`)).status).toBe(200);
  });

  it('given a forged version on a real link, then 404 as any forged link; a link never replaced still opens its booking (version 0)', async () => {
    b = await makeBookingApp();
    const bought = await b.buy(FREE);
    const [id, signature] = bought.token.split('.');
    expect((await b.request('GET', `/api/bookings/${id}.1.${signature}`)).status).toBe(404);
    expect((await b.request('POST', `/api/bookings/${id}.1.${signature}/new-link`, {})).status).toBe(404);
    expect((await b.request('GET', `/api/bookings/${bought.token}`)).status).toBe(200);
  });
});
