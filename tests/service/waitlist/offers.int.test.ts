import { afterEach, describe, expect, it } from 'vitest';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { WaitlistEntryView } from '../../../contracts/waitlist/api.js';
import { seatLedgerDecider } from '../../../service/enrollment/seat-ledger.js';
import { spotsLeft } from '../../../service/catalogue/workshop-decider.js';
import {
  HOUR,
  confirmationToken,
  entryOfToken,
  enroll,
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

/**
 * The waitlist with timed offers, through the API with the reactors running (in-memory stores,
 * a clock the test moves). Seats are freed by the hold timer, which expires unpaid holds and
 * offers, as in production.
 */

let t: WaitlistApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ADMIN = { 'Admin-Key': 'test-admin-key-123456' };
const ledger = (app: WaitlistApp, id: string) => app.deps.commands.state(seatLedgerDecider, workshopStream(id));

/** Lets every unpaid hold lapse, ticks the hold timer once (it releases them all), and waits for the reactions. */
async function freeAllHolds(app: WaitlistApp) {
  app.clock.advance(31 * 60_000);
  const report = await app.timer.tick();
  await app.settle();
  return report;
}

describe('waitlist offers', () => {
  it('given a full workshop of 3 seats and 5 parents waiting, when its 3 holds are released at once, then exactly 3 offers go out, to the first 3 in order, each with one e-mail', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'w3', 3);
    await fill(t, w);
    const joined = [];
    for (let i = 1; i <= 5; i++) joined.push(await join(t, 'w3', `wait-${i}@example.com`));
    expect(joined.map((j) => j.position)).toEqual([1, 2, 3, 4, 5]);

    const report = await freeAllHolds(t);
    expect(report.expired).toBe(3);

    const offered = await waitlistEvents(t, 'w3', 'WaitlistOffered');
    expect(offered.map((e) => (e.data as { entryId: string }).entryId)).toEqual(
      joined.slice(0, 3).map((j) => j.waitlistEntryId),
    );
    const state = await ledger(t, 'w3');
    expect(state.taken).toBe(3);
    expect(spotsLeft(state)).toBe(0);
    expect([...offerLinks(t).keys()].sort()).toEqual([
      'wait-1@example.com',
      'wait-2@example.com',
      'wait-3@example.com',
    ]);
    expect(await waitlistEvents(t, 'w3', 'WaitlistOfferEmailSent')).toHaveLength(3);
    // Each offer is a real HTML message too: its "Enroll now" button and its leave link are the text's links.
    const first = t.mailer.sent.find((m) => m.to === 'wait-1@example.com' && m.text.includes('?offer='))!;
    const links = offerLinks(t).get('wait-1@example.com')!;
    expect(first.subject).toMatch(/^A place has opened for you: /);
    expect(first.html).toMatch(new RegExp(`<a href="[^"]*\\?offer=${links.token}"[^>]*>[\\s\\S]*?Enroll now`));
    expect(first.html).toContain(`/waitlist/leave?token=${links.leave}`);

    // The schedule shows the offered seats as taken: no one else sees them as free.
    const listed = (await (await t.get('/api/workshops/w3')).json()) as { spotsLeft: number };
    expect(listed.spotsLeft).toBe(0);

    // The administrator sees who, since when, until when.
    const admin = await t.app.request('/api/admin/workshops/w3/waitlist', { headers: ADMIN });
    expect(admin.status).toBe(200);
    const entries = (await admin.json()) as WaitlistEntryView[];
    expect(entries.map((e) => e.status)).toEqual(['offered', 'offered', 'offered', 'waiting', 'waiting']);
    expect(entries[0]).toMatchObject({
      email: 'wait-1@example.com',
      offeredAt: t.clock.now().toISOString(),
      offerExpiresAt: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    expect(entries[0]!.offerEmailSentAt).not.toBeNull();
  });

  it('given offers standing, when they are not taken in time, then they expire and pass to the next entries', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wx', 2);
    await fill(t, w);
    const joined = [];
    for (let i = 1; i <= 3; i++) joined.push(await join(t, 'wx', `late-${i}@example.com`));
    await freeAllHolds(t);
    expect(await waitlistEvents(t, 'wx', 'WaitlistOffered')).toHaveLength(2);

    t.clock.advance(23 * HOUR);
    await t.timer.tick();
    await t.settle();
    expect(await waitlistEvents(t, 'wx', 'WaitlistOfferExpired')).toHaveLength(0);

    t.clock.advance(2 * HOUR);
    await t.timer.tick();
    await t.settle();
    const expired = await waitlistEvents(t, 'wx', 'WaitlistOfferExpired');
    // Both lapse at the same instant: in either order.
    expect(expired.map((e) => (e.data as { entryId: string }).entryId).sort()).toEqual(
      joined
        .slice(0, 2)
        .map((j) => j.waitlistEntryId)
        .sort(),
    );
    const offered = await waitlistEvents(t, 'wx', 'WaitlistOffered');
    expect(offered.map((e) => (e.data as { entryId: string }).entryId)).toEqual(joined.map((j) => j.waitlistEntryId));
    // Two seats freed, one entry left to offer: one seat is open to anyone again.
    expect(spotsLeft(await ledger(t, 'wx'))).toBe(1);
    expect(offerLinks(t).has('late-3@example.com')).toBe(true);
  });

  it('given an offer standing, when a stranger enrolls they get 409, and when its holder enrolls with the link they get the seats', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wo', 1);
    await fill(t, w);
    const entry = await join(t, 'wo', 'lucky@example.com');
    await freeAllHolds(t);
    const link = offerLinks(t).get('lucky@example.com');
    expect(link).toBeDefined();

    const stranger = await enroll(t, w, 'stranger@example.com');
    expect(stranger.status).toBe(409);
    expect(((await stranger.json()) as { error: string }).error).toMatch(/full/);

    const wrongToken = await enroll(t, w, 'stranger@example.com', 1, { offerToken: 'x'.repeat(43) });
    expect(wrongToken.status).toBe(409);
    expect(((await wrongToken.json()) as { error: string }).error).toMatch(/no longer open/);

    const view = await t.get(`/api/workshops/wo/waitlist/offer?token=${link!.token}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({ seats: 1, firstName: 'Grace' });

    const holder = await enroll(t, w, 'lucky@example.com', 1, { offerToken: link!.token });
    expect(holder.status, await holder.clone().text()).toBe(201);
    const enrolled = (await holder.json()) as EnrollmentResponse;
    await t.settle();

    const accepted = await waitlistEvents(t, 'wo', 'WaitlistOfferAccepted');
    expect(accepted.map((e) => e.data)).toEqual([
      expect.objectContaining({ entryId: entry.waitlistEntryId, enrollmentId: enrolled.enrollmentId }),
    ]);
    const state = await ledger(t, 'wo');
    expect(state.holds[enrolled.enrollmentId]).toBe(1);
    expect(state.taken).toBe(1);
    // The link is spent.
    expect((await enroll(t, w, 'lucky2@example.com', 1, { offerToken: link!.token })).status).toBe(409);

    // Someone who knows the parent's e-mail sends the form with it: before issue 22 this replaced
    // the parent's unpaid hold, and the seat claimed from the offer was lost. Now it is refused as
    // full, and the parent's hold and enrollment stand.
    const hijack = await enroll(t, w, 'lucky@example.com');
    expect(hijack.status).toBe(409);
    const after = await ledger(t, 'wo');
    expect(after.holds[enrolled.enrollmentId]).toBe(1);
    expect(after.taken).toBe(1);
    const stream = await t.eventStore.readStream(enrollmentStream(enrolled.enrollmentId));
    expect(stream.map((e) => e.type)).toEqual(['EnrollmentSubmitted']);
    // The parent, from the same browser, can still change their enrollment (the token of their
    // answer), also from the offer's link, whose offer their own enrollment took.
    const own = await enroll(t, w, 'lucky@example.com', 1, { holdToken: enrolled.holdToken, offerToken: link!.token });
    expect(own.status, await own.clone().text()).toBe(201);
    const mine = (await own.json()) as EnrollmentResponse;
    expect(mine.holdExpiresAt).toBe(enrolled.holdExpiresAt);
    expect((await ledger(t, 'wo')).taken).toBe(1);
  });

  it('given a parent with an offer, when they leave by the link, then their seats are offered to the next entry', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wl', 1);
    await fill(t, w);
    await join(t, 'wl', 'first@example.com');
    const second = await join(t, 'wl', 'second@example.com');
    await freeAllHolds(t);
    const link = offerLinks(t).get('first@example.com')!;

    const left = await t.post('/api/waitlist/leave', { token: link.leave });
    expect(left.status).toBe(200);
    expect(await left.json()).toMatchObject({ left: true, declinedOffer: true, workshopTitle: w.title });
    await t.settle();

    const offered = await waitlistEvents(t, 'wl', 'WaitlistOffered');
    expect(offered.map((e) => (e.data as { entryId: string }).entryId).at(-1)).toBe(second.waitlistEntryId);
    expect(offerLinks(t).has('second@example.com')).toBe(true);
    expect((await ledger(t, 'wl')).taken).toBe(1);

    const forged = await t.post('/api/waitlist/leave', {
      token: link.leave.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    });
    expect(forged.status).toBe(400);
  });

  it('given the capacity raised by the administrator, then the new seats are offered', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wc', 1);
    await fill(t, w);
    await join(t, 'wc', 'cap-1@example.com');
    await join(t, 'wc', 'cap-2@example.com', 2);
    await t.deps.commands.handle(
      seatLedgerDecider,
      workshopStream('wc'),
      { type: 'UpdateWorkshop', workshop: { ...w, capacity: 4 } },
      { correlationId: 'c', causationId: 'c', actor: 'admin', at: t.clock.now().toISOString() },
    );
    await t.settle();
    expect((await waitlistEvents(t, 'wc', 'WaitlistOffered')).map((e) => (e.data as { seats: number }).seats)).toEqual([
      1, 2,
    ]);
    expect((await ledger(t, 'wc')).taken).toBe(4);
  });
});

describe('joining the waitlist', () => {
  it('given the same e-mail twice, then it is one entry with one place, and no second e-mail', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wj', 1);
    await fill(t, w);
    const first = await join(t, 'wj', 'twice@example.com');
    await join(t, 'wj', 'other@example.com');
    await joinUnconfirmed(t, 'wj', '  TWICE@example.com ');
    await t.settle();
    expect(await waitlistEvents(t, 'wj', 'WaitlistJoined')).toHaveLength(2);
    expect(t.mailer.sent.filter((m) => m.to === 'twice@example.com')).toHaveLength(1);
    const token = await confirmationToken(t, 'twice@example.com');
    expect(entryOfToken(token)).toBe(first.waitlistEntryId);
    expect(await (await t.post('/api/waitlist/confirm', { token })).json()).toEqual({ position: 1 });
  });

  it('given seats open for that many participants, then joining is refused with 409 telling the parent to enroll; fewer seats than asked may join', async () => {
    t = await makeWaitlistApp();
    await schedule(t, 'wa', 2);
    const open = await t.post('/api/workshops/wa/waitlist', joinBody('early@example.com', 2));
    expect(open.status).toBe(409);
    expect(((await open.json()) as { error: string }).error).toMatch(/please enroll now/);
    const more = await t.post('/api/workshops/wa/waitlist', joinBody('big@example.com', 3));
    expect(more.status).toBe(202);
  });

  it('given a workshop that has begun, then joining is refused with 409', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wb', 1);
    await fill(t, w);
    t.clock.advance(31 * 24 * HOUR);
    const r = await t.post('/api/workshops/wb/waitlist', joinBody('late@example.com'));
    expect(r.status).toBe(409);
    expect(((await r.json()) as { error: string }).error).toMatch(/began/);
  });

  it('given bad fields, then 400 names the field and nothing is written', async () => {
    t = await makeWaitlistApp();
    const w = await schedule(t, 'wv', 1);
    await fill(t, w);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...joinBody('a@example.com'), email: 'not-an-email' }, 'email'],
      [{ ...joinBody('a@example.com'), firstName: 'Ann\u202e' }, 'firstName'],
      [{ ...joinBody('a@example.com'), phone: '972\n5550100' }, 'phone'],
      [{ ...joinBody('a@example.com'), participants: 6 }, 'participants'],
      [{ ...joinBody('a@example.com'), lastName: undefined }, 'lastName'],
    ];
    for (const [body, field] of cases) {
      const r = await t.post('/api/workshops/wv/waitlist', body);
      expect(r.status).toBe(400);
      const json = (await r.json()) as { error: string; issues: { path: string }[] };
      expect(json.issues[0]!.path).toBe(field);
      expect(json.error).toContain(field);
    }
    expect(await waitlistEvents(t, 'wv', 'WaitlistJoined')).toHaveLength(0);
    expect((await t.post('/api/workshops/nope/waitlist', joinBody('a@example.com'))).status).toBe(404);
  });

  it('given one client sending joins in a burst, then the limit answers 429 with Retry-After', async () => {
    t = await makeWaitlistApp({ env: { RATE_LIMIT_BURST: '2', RATE_LIMIT_PER_MINUTE: '1' } });
    const w = await schedule(t, 'wr', 1);
    await fill(t, w);
    const same = { 'x-forwarded-for': '203.0.113.9' };
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await t.post('/api/workshops/wr/waitlist', joinBody(`burst-${i}@example.com`), same)).status);
    expect(statuses).toEqual([202, 202, 429]);
    const limited = await t.post('/api/workshops/wr/waitlist', joinBody('burst-9@example.com'), same);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Please wait/);
  });
});
