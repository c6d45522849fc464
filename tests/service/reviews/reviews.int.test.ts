import { afterEach, describe, expect, it } from 'vitest';
import { adminCall } from '../admin/support.js';
import { makeReviewApp, type ReviewTestApp } from './support.js';
import type {
  AdminReviewList,
  InstructorReviews,
  PublishedReview,
  ReviewLinkView,
} from '../../../contracts/reviews/api.js';
import { reviewStream } from '../../../contracts/reviews/events.js';

let app: ReviewTestApp;
afterEach(async () => {
  await app?.t.close();
});

const answer = { rating: 5, text: 'Lovely evening, our son still folds his napkin.', publish: true };

describe('reviews: only families who attended, once per booking', () => {
  it('given a child marked present and the last session over, when the family opens its link, then it sees what it reviews and reviews once', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    expect(await app.ask(enrollmentId)).toEqual({ asked: true });

    const view = await app.request('GET', `/api/reviews/${token}`);
    expect(view.status).toBe(200);
    const shown = (await view.json()) as ReviewLinkView;
    expect(shown.workshop).toMatchObject({ id: '6' });
    expect(shown.sessions.length).toBeGreaterThan(0);
    expect(shown.review).toBeNull();

    const res = await app.request('POST', `/api/reviews/${token}`, answer);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await app.reviewDecisions(enrollmentId)).toEqual(['ReviewRequested', 'ReviewSubmitted']);
    const submitted = (await app.t.eventStore.readStream(reviewStream(enrollmentId))).find(
      (e) => e.type === 'ReviewSubmitted',
    );
    expect(submitted!.data).toMatchObject({ rating: 5, text: answer.text, publish: true, workshopId: '6' });

    const again = await app.request('POST', `/api/reviews/${token}`, { ...answer, rating: 1 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'conflict' });
    const after = (await (await app.request('GET', `/api/reviews/${token}`)).json()) as ReviewLinkView;
    expect(after.review).toMatchObject({ rating: 5, status: 'published' });
  });

  it('given one review link open in two tabs, when both answer at once, then one review is recorded and the other is 409', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    const answers = await Promise.all(
      [5, 2].map((rating) => app.request('POST', `/api/reviews/${token}`, { ...answer, rating })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await app.reviewDecisions(enrollmentId)).toEqual(['ReviewRequested', 'ReviewSubmitted']);
  });

  it('given a child marked absent (or never marked), when the booking is asked about, then no ask and its link answers 404', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: false });
    expect(await app.ask(enrollmentId)).toEqual({ asked: false, notAsked: 'nobody-attended' });
    expect((await app.request('GET', `/api/reviews/${token}`)).status).toBe(404);
    expect((await app.request('POST', `/api/reviews/${token}`, answer)).status).toBe(404);
    expect(await app.reviewDecisions(enrollmentId)).toEqual([]);
  });

  it('given an asked booking, when a forged or malformed token is used, then 404 and nothing recorded', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    const forged = `${enrollmentId}.${'A'.repeat(43)}`;
    for (const t of [forged, 'not-a-token', `${token}x`]) {
      expect((await app.request('GET', `/api/reviews/${t}`)).status).toBe(404);
      expect((await app.request('POST', `/api/reviews/${t}`, answer)).status).toBe(404);
    }
    expect(await app.reviewDecisions(enrollmentId)).toEqual(['ReviewRequested']);
  });

  it('given an asked booking, when the answer is malformed, then 400 naming the field and nothing recorded', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    const cases: [unknown, string][] = [
      [{ ...answer, rating: 6 }, 'rating'],
      [{ ...answer, rating: 4.5 }, 'rating'],
      [{ rating: 4 }, 'publish'],
      [{ ...answer, text: 'x'.repeat(2001) }, 'text'],
      [{ ...answer, displayName: 'y'.repeat(61) }, 'displayName'],
    ];
    for (const [body, field] of cases) {
      const res = await app.request('POST', `/api/reviews/${token}`, body);
      expect(res.status).toBe(400);
      const error = (await res.json()) as { error: string; issues: { path: string }[] };
      expect(error.error.startsWith(`${field}:`), error.error).toBe(true);
      expect(error.issues[0]!.path).toBe(field);
    }
    expect(await app.reviewDecisions(enrollmentId)).toEqual(['ReviewRequested']);
  });

  it('given a given review, when the family withdraws it from its link, then it is withdrawn', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    await app.request('POST', `/api/reviews/${token}`, answer);
    const res = await app.request('POST', `/api/reviews/${token}/withdraw`, {});
    expect(res.status).toBe(200);
    expect(await app.reviewDecisions(enrollmentId)).toEqual(['ReviewRequested', 'ReviewSubmitted', 'ReviewWithdrawn']);
    const view = (await (await app.request('GET', `/api/reviews/${token}`)).json()) as ReviewLinkView;
    expect(view.review).toMatchObject({ status: 'withdrawn' });
  });
});

describe('reviews: moderation that cannot suppress', () => {
  it('given a published review, when the office hides it without a reason or for its rating, then 400 naming reason; with a reason, hidden under the moderator', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    await app.request('POST', `/api/reviews/${token}`, { ...answer, rating: 1 });
    for (const body of [{}, { reason: 'low-rating' }]) {
      const res = await adminCall(app.t.app, 'POST', `/api/admin/reviews/${enrollmentId}/hide`, { body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^reason:/);
    }
    const hidden = await adminCall(app.t.app, 'POST', `/api/admin/reviews/${enrollmentId}/hide`, {
      body: { reason: 'spam' },
    });
    expect(hidden.status, await hidden.clone().text()).toBe(200);
    const events = await app.t.eventStore.readStream(reviewStream(enrollmentId));
    expect(events.at(-1)).toMatchObject({ type: 'ReviewHidden', data: { reason: 'spam' } });
    expect((events.at(-1)!.data as { hiddenBy: string }).hiddenBy.length).toBeGreaterThan(0);
  });

  it('given a published review, when the school replies twice, then one public reply and the second 409', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    await app.request('POST', `/api/reviews/${token}`, answer);
    const reply = () =>
      adminCall(app.t.app, 'POST', `/api/admin/reviews/${enrollmentId}/reply`, { body: { text: 'Thank you!' } });
    expect((await reply()).status).toBe(201);
    expect((await reply()).status).toBe(409);
    const empty = await adminCall(app.t.app, 'POST', `/api/admin/reviews/${enrollmentId}/reply`, { body: {} });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toMatch(/^text:/);
  });

  it('given no Admin-Key, when hiding is asked, then 401', async () => {
    app = await makeReviewApp();
    const res = await adminCall(app.t.app, 'POST', '/api/admin/reviews/x/hide', {
      key: null,
      body: { reason: 'spam' },
    });
    expect(res.status).toBe(401);
  });
});

describe('reviews: the one request e-mail, from a reactor', () => {
  it('given a booking asked for a review, when the reactors run (and run again), then one e-mail with the review link and one record', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token, email } = await app.attended({ present: true });
    const before = app.mailer.sent.length;
    await app.ask(enrollmentId);
    await app.t.settle();
    const sent = app.mailer.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(email);
    expect(sent[0]!.text).toContain(`https://school.example/review/${token}`);
    expect(await app.reviewTypes(enrollmentId)).toEqual(['ReviewRequested', 'ReviewRequestEmailed']);

    await app.t.replayReactors();
    expect(app.mailer.sent.slice(before)).toHaveLength(1);
    expect(await app.reviewTypes(enrollmentId)).toEqual(['ReviewRequested', 'ReviewRequestEmailed']);
  });

  it('given a child never marked present, then no e-mail asks for a review', async () => {
    app = await makeReviewApp();
    const { enrollmentId } = await app.attended({ present: false });
    const before = app.mailer.sent.length;
    await app.ask(enrollmentId);
    await app.t.settle();
    expect(app.mailer.sent.slice(before)).toEqual([]);
  });
});

describe('reviews: the lists', () => {
  it('given reviews published, private and hidden, then the program lists the published ones newest first with the reply, and the office sees every one with its history', async () => {
    app = await makeReviewApp();
    const given: { enrollmentId: string; token: string }[] = [];
    for (const [rating, publish] of [
      [5, true],
      [1, false],
      [2, true],
      [4, true],
    ] as const) {
      const booking = await app.attended({ present: true });
      await app.ask(booking.enrollmentId);
      // Each answered a minute after the one before.
      app.clock.now = new Date(app.clock.now.getTime() + given.length * 60_000);
      const res = await app.request('POST', `/api/reviews/${booking.token}`, {
        rating,
        publish,
        text: `${rating} stars`,
      });
      expect(res.status).toBe(201);
      given.push(booking);
    }
    const [first, , hidden, last] = given;
    const hide = await adminCall(app.t.app, 'POST', `/api/admin/reviews/${hidden!.enrollmentId}/hide`, {
      body: { reason: 'spam' },
    });
    expect(hide.status).toBe(200);
    const reply = await adminCall(app.t.app, 'POST', `/api/admin/reviews/${first!.enrollmentId}/reply`, {
      body: { text: 'Thank you for coming!' },
    });
    expect(reply.status).toBe(201);
    await app.t.settle();

    const list = (await (await app.request('GET', '/api/programs/10/reviews')).json()) as PublishedReview[];
    expect(list.map((r) => r.text)).toEqual(['4 stars', '5 stars']);
    expect(list[1]).toMatchObject({
      rating: 5,
      workshopTitle: expect.any(String),
      reply: { text: 'Thank you for coming!' },
    });
    expect(list[0]!.displayName).toMatch(/^\S+ [A-Z]\.$/);
    expect((await app.request('GET', '/api/programs/no-such-program/reviews')).status).toBe(404);

    const office = await adminCall(app.t.app, 'GET', '/api/admin/reviews');
    expect(office.status).toBe(200);
    const { reviews, total } = (await office.json()) as AdminReviewList;
    expect(total).toBe(4);
    expect(reviews.map((r) => [r.rating, r.status])).toEqual([
      [4, 'published'],
      [2, 'hidden'],
      [1, 'private'],
      [5, 'published'],
    ]);
    const hiddenOne = reviews.find((r) => r.enrollmentId === hidden!.enrollmentId)!;
    expect(hiddenOne.history.at(-1)).toMatchObject({ what: 'Hidden: Spam', by: expect.any(String) });
    expect(hiddenOne).toMatchObject({ programTitle: 'Etiquette After Dark', instructor: expect.any(String) });
    expect(last).toBeDefined();

    const instructors = await adminCall(app.t.app, 'GET', '/api/admin/reviews/instructors');
    expect(instructors.status).toBe(200);
    const [row] = (await instructors.json()) as InstructorReviews[];
    // Every review given but the hidden one: 4, 1 and 5 stars, two of them published.
    expect(row).toMatchObject({ reviews: 3, published: 2, average: 3.3, stars: [1, 0, 0, 1, 1] });
  });

  it('given a review withdrawn by the family, then the office still sees it, without its words or name', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    await app.request('POST', `/api/reviews/${token}`, { ...answer, displayName: 'Ann from Soho' });
    await app.request('POST', `/api/reviews/${token}/withdraw`, {});
    await app.t.settle();
    const text = await (await adminCall(app.t.app, 'GET', '/api/admin/reviews')).text();
    expect(text).toContain('withdrawn');
    expect(text).not.toContain(answer.text);
    expect(text).not.toContain('Ann from Soho');
    expect(await (await app.request('GET', '/api/programs/10/reviews')).json()).toEqual([]);
  });
});

describe('reviews: each instructor’s, for the owner', () => {
  it('given reviews of an instructor’s workshop, when the owner asks, then one row per instructor; a manager or an instructor is 403', async () => {
    app = await makeReviewApp();
    for (const rating of [5, 2]) {
      const { enrollmentId, token } = await app.attended({ present: true });
      await app.ask(enrollmentId);
      expect((await app.request('POST', `/api/reviews/${token}`, { ...answer, rating })).status).toBe(201);
    }
    await app.t.settle();
    const res = await adminCall(app.t.app, 'GET', '/api/admin/reviews/instructors');
    expect(res.status).toBe(200);
    const rows = (await res.json()) as InstructorReviews[];
    expect(rows).toEqual([
      { instructor: expect.any(String), reviews: 2, average: 3.5, published: 2, stars: [0, 1, 0, 0, 1] },
    ]);

    for (const role of ['manager', 'instructor']) {
      const added = await adminCall(app.t.app, 'POST', '/api/admin/administrators', {
        body: { name: `A ${role}`, email: `${role}@example.com`, role },
      });
      expect(added.status, await added.clone().text()).toBe(201);
      const { key } = (await added.json()) as { key: string };
      const refused = await adminCall(app.t.app, 'GET', '/api/admin/reviews/instructors', { key });
      expect(refused.status, role).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
    }
  });
});
