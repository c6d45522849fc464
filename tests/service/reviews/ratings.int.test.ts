import { afterEach, describe, expect, it } from 'vitest';
import { adminCall } from '../admin/support.js';
import { makeReviewApp, type ReviewTestApp } from './support.js';
import type { Program } from '../../../contracts/catalogue/program.js';

let app: ReviewTestApp;
afterEach(async () => {
  await app?.t.close();
});

/** Workshop 6 is of "Etiquette After Dark" (program 10), seeded with 4.9 from 40 earlier reviews. */
const AFTER_DARK = '10';

async function program(id: string): Promise<Program> {
  const head = await app.t.eventStore.headPosition();
  const res = await app.request('GET', `/api/programs?minPosition=${head}`);
  return ((await res.json()) as Program[]).find((p) => p.id === id)!;
}

describe('ratings computed, not typed', () => {
  it('given the seeded baseline, when a family who attended publishes one star, then the average and count include it; hidden, they do not', async () => {
    app = await makeReviewApp();
    expect(await program(AFTER_DARK)).toMatchObject({
      rating: 4.9,
      reviews: 40,
      importedRatings: { rating: 4.9, count: 40, source: 'earlier reviews' },
    });
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    expect((await app.request('POST', `/api/reviews/${token}`, { rating: 1, publish: true })).status).toBe(201);
    // (4.9 x 40 + 1) / 41 = 4.80
    expect(await program(AFTER_DARK)).toMatchObject({ rating: 4.8, reviews: 41 });

    const hidden = await adminCall(app.t.app, 'POST', `/api/admin/reviews/${enrollmentId}/hide`, {
      body: { reason: 'not-about-the-school' },
    });
    expect(hidden.status).toBe(200);
    expect(await program(AFTER_DARK)).toMatchObject({ rating: 4.9, reviews: 40 });
  });

  it('given a review kept private by the family, then it counts in no public figure', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    await app.request('POST', `/api/reviews/${token}`, { rating: 1, publish: false });
    expect(await program(AFTER_DARK)).toMatchObject({ rating: 4.9, reviews: 40 });
  });

  it('given a published review, when the family withdraws it, then the figures drop it', async () => {
    app = await makeReviewApp();
    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    await app.request('POST', `/api/reviews/${token}`, { rating: 1, publish: true });
    await app.request('POST', `/api/reviews/${token}/withdraw`, {});
    expect(await program(AFTER_DARK)).toMatchObject({ rating: 4.9, reviews: 40 });
  });

  it('when the program form sends a rating or a count of reviews, then 400 naming the field and nothing changes', async () => {
    app = await makeReviewApp();
    const form = { title: 'Etiquette After Dark', description: 'Dinner', category: 'Adult', price: 130, image: '' };
    for (const field of ['rating', 'reviews']) {
      const res = await adminCall(app.t.app, 'PUT', `/api/admin/programs/${AFTER_DARK}`, {
        body: { ...form, [field]: 5 },
      });
      expect(res.status).toBe(400);
      const error = (await res.json()) as { error: string; issues: { path: string }[] };
      expect(error.issues[0]!.path).toBe(field);
      expect(error.error).toMatch(new RegExp(`^${field}:`));
    }
    expect(await program(AFTER_DARK)).toMatchObject({ rating: 4.9, reviews: 40 });
  });

  it('given the owner, when the program is given an imported baseline with its source, then the figures are computed from it', async () => {
    app = await makeReviewApp();
    const form = { title: 'Etiquette After Dark', description: 'Dinner', category: 'Adult', price: 130, image: '' };
    const noSource = await adminCall(app.t.app, 'PUT', `/api/admin/programs/${AFTER_DARK}`, {
      body: { ...form, importedRatings: { rating: 4.5, count: 10 } },
    });
    expect(noSource.status).toBe(400);
    expect(((await noSource.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('importedRatings.source');
    const set = await adminCall(app.t.app, 'PUT', `/api/admin/programs/${AFTER_DARK}`, {
      body: { ...form, importedRatings: { rating: 4.5, count: 10, source: 'Google reviews before 2027' } },
    });
    expect(set.status, await set.clone().text()).toBe(200);
    expect(await program(AFTER_DARK)).toMatchObject({
      rating: 4.5,
      reviews: 10,
      importedRatings: { source: 'Google reviews before 2027' },
    });
  });
});

describe('REVIEWS_MIN_COUNT: stars only from enough ratings', () => {
  async function programById(id: string): Promise<Program> {
    const head = await app.t.eventStore.headPosition();
    const res = await app.request('GET', `/api/programs/${id}?minPosition=${head}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Program;
  }

  it('given REVIEWS_MIN_COUNT 41 and 40 earlier ratings, then no stars, only the count; when a family who attended publishes the 41st, then the stars show', async () => {
    app = await makeReviewApp({ env: { REVIEWS_MIN_COUNT: '41' } });
    expect(await program(AFTER_DARK)).toMatchObject({ rating: null, reviews: 40 });
    expect(await programById(AFTER_DARK)).toMatchObject({ rating: null, reviews: 40 });

    const { enrollmentId, token } = await app.attended({ present: true });
    await app.ask(enrollmentId);
    expect((await app.request('POST', `/api/reviews/${token}`, { rating: 1, publish: true })).status).toBe(201);
    expect(await program(AFTER_DARK)).toMatchObject({ rating: 4.8, reviews: 41 });
    expect(await programById(AFTER_DARK)).toMatchObject({ rating: 4.8, reviews: 41 });

    await app.request('POST', `/api/reviews/${token}/withdraw`, {});
    expect(await program(AFTER_DARK)).toMatchObject({ rating: null, reviews: 40 });
  });

  it('given REVIEWS_MIN_COUNT 40 and 40 earlier ratings, then the stars show at exactly the minimum', async () => {
    app = await makeReviewApp({ env: { REVIEWS_MIN_COUNT: '40' } });
    expect(await program(AFTER_DARK)).toMatchObject({ rating: 4.9, reviews: 40 });
  });
});

describe('erasure withdraws the family’s reviews', () => {
  it('given a published review and an unanswered ask, when the owner erases each family, then both are withdrawn by erasure, the figures drop the review and its link answers nothing of it', async () => {
    app = await makeReviewApp();
    const given = await app.attended({ present: true });
    await app.ask(given.enrollmentId);
    const words = 'Lovely evening, our son still folds his napkin.';
    const answer = { rating: 1, text: words, displayName: 'Ann from Soho', publish: true };
    expect((await app.request('POST', `/api/reviews/${given.token}`, answer)).status).toBe(201);
    const unanswered = await app.attended({ present: true });
    await app.ask(unanswered.enrollmentId);
    expect(await program(AFTER_DARK)).toMatchObject({ rating: 4.8, reviews: 41 });

    for (const { email } of [given, unanswered]) {
      const res = await adminCall(app.t.app, 'POST', '/api/admin/privacy/erasures', { body: { email } });
      expect(res.status, await res.clone().text()).toBe(202);
    }
    await app.t.settle();

    expect(await app.reviewDecisions(given.enrollmentId)).toEqual([
      'ReviewRequested',
      'ReviewSubmitted',
      'ReviewWithdrawn',
    ]);
    expect(await app.reviewDecisions(unanswered.enrollmentId)).toEqual(['ReviewRequested', 'ReviewWithdrawn']);
    const withdrawn = (await app.t.eventStore.readStream(`review-${given.enrollmentId}`)).at(-1)!;
    expect(withdrawn.data).toMatchObject({ by: 'erasure', unpublished: { programId: AFTER_DARK, rating: 1 } });
    expect(await program(AFTER_DARK)).toMatchObject({ rating: 4.9, reviews: 40 });

    const link = await app.request('GET', `/api/reviews/${given.token}`);
    const shown = await link.text();
    expect(shown).not.toContain(words);
    expect(shown).not.toContain('Ann from Soho');
    expect((await app.request('POST', `/api/reviews/${unanswered.token}`, answer)).status).toBe(409);
    const office = await (await adminCall(app.t.app, 'GET', '/api/admin/reviews')).text();
    expect(office).toContain('withdrawn');
    expect(office).not.toContain(words);
    expect(office).not.toContain('Ann from Soho');
  });
});
