import { afterEach, describe, expect, it } from 'vitest';
import { tickerOf } from '../../support/timers.js';
import { REVIEW_ASK_CATCH_UP_DAYS, reviewAskTimer } from '../../../service/reviews/review-ask-timer.js';
import type { ReviewRequested } from '../../../contracts/reviews/events.js';
import type { ReviewAskDoc } from '../../../projections/reviews/review-asks.js';
import { makeReviewApp, type ReviewTestApp } from './support.js';

let app: ReviewTestApp;
afterEach(async () => {
  await app?.t.close();
});

const MINUTE = 60_000;

/** The booking's last session's end, as the timer's read model has it. */
async function endOf(enrollmentId: string): Promise<Date> {
  await app.t.settle();
  const doc = await app.t.readStore.get<ReviewAskDoc>('review-asks', enrollmentId);
  expect(doc).not.toBeNull();
  return new Date(doc!.doc.endsAt);
}

const requestsTo = (email: string, since: number) =>
  app.mailer.sent.slice(since).filter((m) => m.to === email && m.text.includes('/review/'));

describe('reviews: asked by a timer within five minutes of the last session, once per booking', () => {
  it('given a child marked present, when the last session ends and the timer ticks (again, and in a second process), then one ask and one e-mail', async () => {
    app = await makeReviewApp();
    const { enrollmentId, email, token } = await app.attended({ present: true });
    const end = await endOf(enrollmentId);
    const one = tickerOf(reviewAskTimer(app.t.deps), app.t.deps, 'review-one');
    const before = app.mailer.sent.length;

    // Given the session not yet over, when the timer ticks, then nobody is asked.
    app.clock.now = new Date(end.getTime() - MINUTE);
    expect(await one.tick()).toEqual({ asked: 0, failures: 0 });
    expect(await app.reviewTypes(enrollmentId)).toEqual([]);

    // When it ends and a minute passes (the runner's interval), then the family is asked.
    app.clock.now = new Date(end.getTime() + MINUTE);
    expect(await one.tick()).toEqual({ asked: 1, failures: 0 });
    await app.t.settle();
    const sent = requestsTo(email, before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`https://school.example/review/${token}`);
    expect(sent[0]!.text).toMatch(/^Dear /);
    const requested = (await app.t.eventStore.readStream(`review-${enrollmentId}`))[0]!;
    expect(Date.parse((requested.data as ReviewRequested).requestedAt) - end.getTime()).toBeLessThanOrEqual(5 * MINUTE);

    // Then again, by this runner and by another taking over its lease: nothing more.
    app.clock.now = new Date(end.getTime() + 3 * MINUTE);
    expect(await one.tick()).toEqual({ asked: 0, failures: 0 });
    await one.stop();
    const two = tickerOf(reviewAskTimer(app.t.deps), app.t.deps, 'review-two', true);
    expect(await two.tick()).toEqual({ asked: 0, failures: 0 });
    await app.t.settle();
    expect(requestsTo(email, before)).toHaveLength(1);
    expect(await app.reviewTypes(enrollmentId)).toEqual(['ReviewRequested', 'ReviewRequestEmailed']);
    expect(await app.t.readStore.get('review-asks', enrollmentId)).toBeNull();
  });

  it('given two runners ticking at once after the end, then one ask', async () => {
    app = await makeReviewApp();
    const { enrollmentId } = await app.attended({ present: true });
    const end = await endOf(enrollmentId);
    app.clock.now = new Date(end.getTime() + MINUTE);
    const runners = ['a', 'b'].map((o) => tickerOf(reviewAskTimer(app.t.deps), app.t.deps, `review-${o}`));
    const reports = await Promise.all(runners.map((r) => r.tick()));
    expect(reports.reduce((n, r) => n + r.asked, 0)).toBe(1);
    expect(await app.reviewDecisions(enrollmentId)).toEqual(['ReviewRequested']);
  });

  it('given a child marked absent, or never marked, when the timer ticks after the end, then no ask and no e-mail', async () => {
    app = await makeReviewApp();
    const absent = await app.attended({ present: false });
    const unmarked = await app.attended({ present: null });
    const end = await endOf(absent.enrollmentId);
    const before = app.mailer.sent.length;
    app.clock.now = new Date(end.getTime() + MINUTE);
    const timer = tickerOf(reviewAskTimer(app.t.deps), app.t.deps, 'review-absent');
    expect(await timer.tick()).toEqual({ asked: 0, failures: 0 });
    await app.t.settle();
    expect(await app.reviewTypes(absent.enrollmentId)).toEqual([]);
    expect(await app.reviewTypes(unmarked.enrollmentId)).toEqual([]);
    expect(requestsTo(absent.email, before)).toEqual([]);
    expect(requestsTo(unmarked.email, before)).toEqual([]);
  });

  it('given a timer stopped for a while, then a booking ended half an hour before is asked, one ended over a week before is not', async () => {
    app = await makeReviewApp();
    const { enrollmentId } = await app.attended({ present: true });
    const end = await endOf(enrollmentId);
    const timer = tickerOf(reviewAskTimer(app.t.deps), app.t.deps, 'review-late');
    app.clock.now = new Date(end.getTime() + (REVIEW_ASK_CATCH_UP_DAYS * 24 * 60 + 1) * MINUTE);
    expect(await timer.tick()).toEqual({ asked: 0, failures: 0 });
    app.clock.now = new Date(end.getTime() + 30 * MINUTE);
    expect(await timer.tick()).toEqual({ asked: 1, failures: 0 });
  });
});
