import { expect } from 'vitest';
import { makeBookingApp, type BookingTestApp } from '../booking/support.js';
import { adminCall } from '../admin/support.js';
import { askForReview } from '../../../service/reviews/ask.js';
import { reviewLinksFor } from '../../../service/reviews/review-link.js';
import { reviewStream } from '../../../contracts/reviews/events.js';
import type { EventMetadata } from '../../../contracts/core/events.js';

/** The dinner (workshop 6, $150 a seat): one session. */
export const DINNER = '6';

export const systemMetadata = (at: Date): EventMetadata => ({
  correlationId: 'review-test',
  causationId: 'review-test',
  actor: 'system',
  at: at.toISOString(),
});

export interface ReviewTestApp extends BookingTestApp {
  /** A family books the dinner; `present` marks its child at the roster; the clock then passes the last session. */
  attended(o: { present: boolean | null }): Promise<{ enrollmentId: string; token: string; email: string }>;
  ask(enrollmentId: string): ReturnType<typeof askForReview>;
  reviewTypes(enrollmentId: string): Promise<string[]>;
  /** The review's events but the e-mail's record, which the reactor writes whenever it runs. */
  reviewDecisions(enrollmentId: string): Promise<string[]>;
}

export async function makeReviewApp(o: { env?: Record<string, string> } = {}): Promise<ReviewTestApp> {
  const app = await makeBookingApp(o);
  const ask = (enrollmentId: string) =>
    askForReview(app.t.deps, enrollmentId, app.clock.now, systemMetadata(app.clock.now));
  async function attended(o: { present: boolean | null }) {
    app.clock.now = new Date('2025-05-01T12:00:00Z');
    const { enrollmentId, email } = await app.buy(DINNER, { total: 150 });
    const start = await app.workshopStart(DINNER);
    // Marks are taken from the session's day: at the dinner's start.
    app.clock.now = new Date(start);
    if (o.present !== null) {
      const res = await adminCall(app.t.app, 'POST', `/api/admin/workshops/${DINNER}/attendance`, {
        body: { enrollmentId, participant: 0, present: o.present },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    app.clock.now = new Date(Date.parse(start) + 6 * 60 * 60 * 1000);
    return { enrollmentId, email, token: reviewLinksFor(app.t.deps.config)!.token(enrollmentId) };
  }
  const reviewTypes = async (enrollmentId: string) =>
    (await app.t.eventStore.readStream(reviewStream(enrollmentId))).map((e) => e.type);
  const reviewDecisions = async (enrollmentId: string) =>
    (await reviewTypes(enrollmentId)).filter((type) => type !== 'ReviewRequestEmailed');
  return { ...app, attended, ask, reviewTypes, reviewDecisions };
}
