import { afterEach, describe, expect, it } from 'vitest';
import {
  HOUR,
  confirmationToken,
  entryOfToken,
  fill,
  join,
  joinBody,
  joinUnconfirmed,
  makeWaitlistApp,
  offerLinks,
  schedule,
  waitlistEvents,
  type WaitlistApp,
} from './support.js';
import type { WaitlistEntryView } from '../../../contracts/waitlist/api.js';
import { visibleText } from '../../support/email-html.js';
import { FaultyEventStore } from '../../support/faults.js';
import { makeWebDist } from '../../support/web-dist.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';

/**
 * A waitlist entry counts only once its e-mail is confirmed (issue 22). Fake entries used to park
 * the next freed seat of a full workshop for 24 hours, and joining with someone else's e-mail
 * answered their entry id and place. Now the join answers the same 202 for every e-mail, the
 * e-mail carries the confirmation link, an unconfirmed entry gets no offer and lapses after 24
 * hours, and one address may put only a few entries on one workshop's waitlist.
 */

let t: WaitlistApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ADMIN = { 'Admin-Key': 'test-admin-key-123456' };
const MIN = 60_000;

/** Lets every unpaid hold lapse and the hold timer release them all, then waits for the reactions. */
async function freeAllHolds(app: WaitlistApp) {
  app.clock.advance(31 * MIN);
  await app.timer.tick();
  await app.settle();
}

const adminList = async (app: WaitlistApp, id: string) =>
  (await (
    await app.app.request(`/api/admin/workshops/${id}/waitlist`, { headers: ADMIN })
  ).json()) as WaitlistEntryView[];

describe('joining answers the same for every e-mail', () => {
  it('given a parent confirmed on the waitlist, when a stranger joins with their e-mail and another with a new e-mail, then both get the same 202 and neither learns an entry or a place', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wk', 1);
    await fill(t, w);
    await join(t, 'wk', 'known@example.com');

    const known = await t.post('/api/workshops/wk/waitlist', joinBody('known@example.com'));
    const unknown = await t.post('/api/workshops/wk/waitlist', joinBody('unknown@example.com'));
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const [a, b] = [await known.text(), await unknown.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({
      message: 'Check your e-mail to confirm your place on the waitlist.',
      confirmWithinHours: 24,
    });
    expect(a).not.toMatch(/waitlistEntryId|position/);
    await t.settle();
    // The known parent is not written to again; the new address gets its confirmation e-mail.
    expect(t.mailer.sent.filter((m) => m.to === 'known@example.com')).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.to === 'unknown@example.com')).toHaveLength(1);
    expect(await waitlistEvents(t, 'wk', 'WaitlistJoined')).toHaveLength(2);
  });
});

describe('the confirmation e-mail', () => {
  it('given a join, then exactly one e-mail goes, with the place, how offers work, the confirmation link and the leave link, also after every reaction is delivered again', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'we', 1);
    await fill(t, w);
    await join(t, 'we', 'ahead@example.com');
    await joinUnconfirmed(t, 'we', 'bea@example.com', 2);
    await t.settle();
    const mails = t.mailer.sent.filter((m) => m.to === 'bea@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Confirm your place on the waitlist: ${w.title}`);
    for (const part of [mail.text, visibleText(mail.html!)]) {
      expect(part).toContain('Dear Grace,');
      expect(part).toContain('Please confirm within 24 hours');
      expect(part).toContain('you will be 2nd on the waitlist');
      expect(part).toContain('we hold them for 24 hours for the first family on the list that fits');
    }
    const token = await confirmationToken(t, 'bea@example.com');
    expect(mail.text).toContain(`/waitlist/confirm?token=${token}`);
    expect(mail.html).toMatch(/<a href="[^"]*\/waitlist\/confirm\?token=[^"]+"[^>]*>[\s\S]*?Confirm my place/);
    expect(mail.text).toMatch(/\/waitlist\/leave\?token=[A-Za-z0-9_.-]+/);
    expect(await waitlistEvents(t, 'we', 'WaitlistConfirmationEmailSent')).toHaveLength(2);

    await t.replayReactors();
    expect(t.mailer.sent.filter((m) => m.to === 'bea@example.com')).toHaveLength(1);
    expect(await waitlistEvents(t, 'we', 'WaitlistConfirmationEmailSent')).toHaveLength(2);
  });
});

describe('the join e-mail across failures', () => {
  for (const when of ['before', 'after'] as const) {
    it(`given the record of the join e-mail cut off ${when} its commit, when the reactor runs again, then one record and one message (a re-send is the same Message-ID, the same outbox file)`, async () => {
      const store = new FaultyEventStore(validatingEventStore(new MemoryEventStore(), eventSchemas));
      t = await makeWaitlistApp({ eventStore: store });
      const w = await schedule(t, 'wf', 1);
      await fill(t, w);
      store.failAppends({
        match: (stream, events) =>
          stream === 'waitlist-wf' && events.some((e) => e.type === 'WaitlistConfirmationEmailSent'),
        when,
      });
      await joinUnconfirmed(t, 'wf', 'crash@example.com');
      await t.settle();
      expect(store.injected).toBe(1);
      expect(await waitlistEvents(t, 'wf', 'WaitlistConfirmationEmailSent')).toHaveLength(1);
      const sent = t.mailer.sent.filter((m) => m.to === 'crash@example.com');
      expect(sent.length).toBe(when === 'before' ? 2 : 1);
      expect(new Set(sent.map((m) => m.messageId)).size).toBe(1);
      expect(new Set(sent.map((m) => m.text)).size).toBe(1);
    });
  }
});

describe('confirming', () => {
  it('given a join, when the link is used twice, then the entry is confirmed once and both answers give its place; a forged link is 404 and a damaged one 400', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wc', 1);
    await fill(t, w);
    await join(t, 'wc', 'first@example.com');
    await joinUnconfirmed(t, 'wc', 'second@example.com');
    const token = await confirmationToken(t, 'second@example.com');

    const once = await t.post('/api/waitlist/confirm', { token });
    expect(once.status).toBe(200);
    expect(await once.json()).toEqual({ position: 2 });
    const twice = await t.post('/api/waitlist/confirm', { token });
    expect(twice.status).toBe(200);
    expect(await twice.json()).toEqual({ position: 2 });
    expect(await waitlistEvents(t, 'wc', 'WaitlistEntryConfirmed')).toHaveLength(2);

    const forged = await t.post('/api/waitlist/confirm', {
      token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    });
    expect(forged.status).toBe(404);
    expect(await forged.json()).toMatchObject({ code: 'not_found', error: expect.stringMatching(/not valid/) });
    const damaged = await t.post('/api/waitlist/confirm', { token: 'short' });
    expect(damaged.status).toBe(400);
    expect(((await damaged.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('token');
    const left = await t.post('/api/waitlist/leave', { token: offerlessLeave(t, 'second@example.com') });
    expect(left.status).toBe(200);
    const after = await t.post('/api/waitlist/confirm', { token });
    expect(after.status).toBe(409);
  });

  it('given an entry confirmed after a later one, then the line is in the order of confirmation', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wo', 1);
    await fill(t, w);
    await joinUnconfirmed(t, 'wo', 'slow@example.com');
    const quick = await join(t, 'wo', 'quick@example.com');
    expect(quick.position).toBe(1);
    const slow = await t.post('/api/waitlist/confirm', { token: await confirmationToken(t, 'slow@example.com') });
    expect(await slow.json()).toEqual({ position: 2 });
    await freeAllHolds(t);
    expect([...offerLinks(t).keys()]).toEqual(['quick@example.com']);
  });
});

describe('unconfirmed entries', () => {
  it('given a full workshop with only unconfirmed entries, when a seat frees, then no offer is made and the seat is open to anyone; confirmed later, the entry gets the next seat', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wu', 1);
    await fill(t, w);
    for (let i = 0; i < 3; i++) await joinUnconfirmed(t, 'wu', `fake-${i}@example.com`);
    await freeAllHolds(t);
    expect(await waitlistEvents(t, 'wu', 'WaitlistOffered')).toHaveLength(0);
    const listed = (await (await t.get('/api/workshops/wu')).json()) as { spotsLeft: number };
    expect(listed.spotsLeft).toBe(1);

    // Confirmed while the seat is still open: the seat is offered to them at once.
    const confirmed = await t.post('/api/waitlist/confirm', {
      token: await confirmationToken(t, 'fake-1@example.com'),
    });
    expect(confirmed.status).toBe(200);
    await t.settle();
    const offered = await waitlistEvents(t, 'wu', 'WaitlistOffered');
    expect(offered.map((e) => (e.data as { entryId: string }).entryId)).toEqual([
      entryOfToken(await confirmationToken(t, 'fake-1@example.com')),
    ]);
  });

  it('given an entry not confirmed, when 24 hours pass, then it lapses (recorded), drops from the list and its link says it expired', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wl', 1);
    await fill(t, w);
    await joinUnconfirmed(t, 'wl', 'never@example.com');
    const token = await confirmationToken(t, 'never@example.com');

    t.clock.advance(23 * HOUR);
    expect(await t.lapses.tick()).toBe(0);
    t.clock.advance(HOUR + MIN);
    expect(await t.lapses.tick()).toBe(1);
    await t.settle();
    const lapsed = await waitlistEvents(t, 'wl', 'WaitlistEntryLapsed');
    expect(lapsed.map((e) => (e.data as { entryId: string }).entryId)).toEqual([entryOfToken(token)]);
    expect(await t.lapses.tick()).toBe(0);
    expect((await adminList(t, 'wl')).map((e) => e.status)).toEqual(['lapsed']);

    const late = await t.post('/api/waitlist/confirm', { token });
    expect(late.status).toBe(410);
    expect(((await late.json()) as { error: string }).error).toMatch(/expired/);
    // The same parent may join again, and gets a new link.
    await joinUnconfirmed(t, 'wl', 'never@example.com');
    expect(await confirmationToken(t, 'never@example.com')).not.toBe(token);
  });

  it('given an entry past its 24 hours that the timer has not lapsed yet, then its link already says it expired', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wx', 1);
    await fill(t, w);
    await joinUnconfirmed(t, 'wx', 'late@example.com');
    const token = await confirmationToken(t, 'late@example.com');
    t.clock.advance(24 * HOUR);
    expect((await t.post('/api/waitlist/confirm', { token })).status).toBe(410);
  });
});

describe('entries per client address', () => {
  it('given one address, when it puts 4 entries on one waitlist, then the 4th is 429 with Retry-After until its first unconfirmed entry lapses; other workshops and addresses are not touched', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wp', 1);
    await fill(t, w);
    const v = await schedule(t, 'wq', 1);
    await fill(t, v, 'other');
    const same = { 'x-forwarded-for': '203.0.113.160' };
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await t.post('/api/workshops/wp/waitlist', joinBody(`p${i}@example.com`), same)).status);
      t.clock.advance(MIN);
    }
    const fourth = await t.post('/api/workshops/wp/waitlist', joinBody('p3@example.com'), same);
    expect([...statuses, fourth.status]).toEqual([202, 202, 202, 429]);
    expect(Number(fourth.headers.get('retry-after'))).toBe(24 * 3600 - 3 * 60);
    expect(((await fourth.json()) as { error: string }).error).toBe(
      'Only 3 places on this waitlist can be asked for from one connection. Please confirm the places already asked for from the e-mails we sent, or try again later.',
    );
    // Even for an e-mail already on the list: the answer says nothing about who is on it.
    expect((await t.post('/api/workshops/wp/waitlist', joinBody('p0@example.com'), same)).status).toBe(429);
    expect((await t.post('/api/workshops/wq/waitlist', joinBody('p3@example.com'), same)).status).toBe(202);
    expect(
      (await t.post('/api/workshops/wp/waitlist', joinBody('p3@example.com'), { 'x-forwarded-for': '203.0.113.161' }))
        .status,
    ).toBe(202);
    expect(await waitlistEvents(t, 'wp', 'WaitlistJoined')).toHaveLength(4);
  });
});

/** The leave link of the join e-mail sent to `email`. */
function offerlessLeave(app: WaitlistApp, email: string): string {
  const mail = app.mailer.sent.find((m) => m.to === email && m.text.includes('/waitlist/confirm?token='))!;
  return /\/waitlist\/leave\?token=([A-Za-z0-9_.-]+)/.exec(mail.text)![1]!;
}

describe('the confirmation page', () => {
  it('given the link from the e-mail, then the page and its API send no Referer and are never stored by a cache, and search engines are kept away', async () => {
    const web = makeWebDist();
    try {
      t = await makeWaitlistApp({ appOptions: { webDist: web.dir } });
      const page = await t.get('/waitlist/confirm?token=w1.e1.abcdefghijklmnopqrstuvwxyz');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"></div>');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('cache-control')).toMatch(/(^|[\s,])no-store($|[\s,])/);
      const api = await t.post('/api/waitlist/confirm', { token: 'w1.e1.abcdefghijklmnopqrstuvwxyz' });
      expect(api.status).toBe(404);
      expect(api.headers.get('referrer-policy')).toBe('no-referrer');
      expect(api.headers.get('cache-control')).toMatch(/no-store/);
      expect(await (await t.get('/robots.txt')).text()).toMatch(/^Disallow: \/waitlist\/(confirm)?$/m);
    } finally {
      web.remove();
    }
  });
});
