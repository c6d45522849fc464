import { afterEach, describe, expect, it } from 'vitest';
import { SUBSCRIBE_ACCEPTED } from '../../../contracts/newsletter/api.js';
import { NEWSLETTER_CONSENT_WORDING, newsletterSubscriberStream } from '../../../contracts/newsletter/events.js';
import { pseudonymsFor } from '../../../service/core/pseudonyms.js';
import { NEWSLETTER_SUBSCRIBERS } from '../../../projections/newsletter/subscribers.js';
import { adminCall } from '../admin/support.js';
import { makeNewsletterApp, type NewsletterApp } from './support.js';

/**
 * Issue 43 item 4: a sign-up is confirmed by a button (never by following the link), the consent's
 * words and time are kept, one-click unsubscribe works as mail providers post it, and an address
 * that unsubscribed or was erased is never mailed again.
 */

let n: NewsletterApp | undefined;
afterEach(async () => {
  await n?.t.close();
  n = undefined;
});

const keyOf = (app: NewsletterApp, email: string) => pseudonymsFor(app.t.deps.config).email(email);
const statusOf = async (app: NewsletterApp, email: string) =>
  (await app.t.readStore.get<{ status: string }>(NEWSLETTER_SUBSCRIBERS, keyOf(app, email)))?.doc.status ?? null;

describe('signing up for the newsletter', () => {
  it('given a new address, when it signs up, then 202 with the one answer, and one confirmation e-mail whose link carries no address; not subscribed yet', async () => {
    n = await makeNewsletterApp();
    const r = await n.subscribe('ann@example.com');
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual(SUBSCRIBE_ACCEPTED);
    expect(n.confirmations('ann@example.com')).toHaveLength(1);
    expect(n.confirmToken('ann@example.com')).not.toMatch(/ann|example/i);
    expect(await statusOf(n, 'ann@example.com')).toBe('requested');
  });

  it('given an address asked already, subscribed, or unsubscribed, when it signs up again, then the same 202 and no second e-mail', async () => {
    n = await makeNewsletterApp();
    await n.subscribe('ann@example.com');
    await n.subscribed('bea@example.com');
    await n.subscribed('cal@example.com');
    const token = /\/api\/newsletter\/unsubscribe\/(\S+)/.exec(
      (await import('../../../service/newsletter/links.js'))
        .newsletterLinksFor(n.t.deps.config)
        .unsubscribePost(keyOf(n, 'cal@example.com')),
    )![1]!;
    expect((await n.post(`/api/newsletter/unsubscribe/${token}`)).status).toBe(200);
    for (const email of ['ann@example.com', 'bea@example.com', 'cal@example.com']) {
      const r = await n.subscribe(email);
      expect(r.status).toBe(202);
      expect(await r.json()).toEqual(SUBSCRIBE_ACCEPTED);
      expect(n.confirmations(email)).toHaveLength(1);
    }
  });

  it('given bad input, when it signs up, then 400 naming the field', async () => {
    n = await makeNewsletterApp();
    for (const [body, field] of [
      [{ email: 'not-an-address', source: 'footer' }, 'email'],
      [{ source: 'footer' }, 'email'],
      [{ email: 'ann@example.com', source: 'radio' }, 'source'],
      [{ email: 'ann@example.com' }, 'source'],
    ] as const) {
      const r = await n.post('/api/newsletter/subscribe', body);
      expect(r.status).toBe(400);
      const answer = (await r.json()) as { error: string; code: string };
      expect(answer.code).toBe('validation');
      expect(answer.error.startsWith(`${field}:`)).toBe(true);
    }
  });

  it('given many sign-ups from one client address, when the limit is passed, then 429 as every anonymous write', async () => {
    n = await makeNewsletterApp({ RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_BURST: '2' });
    const from = { 'x-forwarded-for': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await n.post('/api/newsletter/subscribe', { email: `p${i}@example.com`, source: 'footer' }, from)).status,
      );
    expect(statuses).toContain(429);
  });
});

describe('confirming', () => {
  it('given a sign-up, when its page posts the token, then subscribed, with the consent words, the source and the time stored', async () => {
    n = await makeNewsletterApp();
    await n.subscribe('ann@example.com', 'enroll');
    const r = await n.post(`/api/newsletter/confirm/${n.confirmToken('ann@example.com')}`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'subscribed' });
    await n.t.settle();
    expect(await statusOf(n, 'ann@example.com')).toBe('subscribed');
    const events = await n.t.eventStore.readStream(newsletterSubscriberStream(keyOf(n, 'ann@example.com')));
    const subscribed = events.find((e) => e.type === 'NewsletterSubscribed');
    expect(subscribed?.data).toMatchObject({
      source: 'enroll',
      consentWording: NEWSLETTER_CONSENT_WORDING,
      confirmedAt: expect.any(String),
    });
  });

  it('given a forged or damaged token, when posted, then 404', async () => {
    n = await makeNewsletterApp();
    await n.subscribe('ann@example.com');
    const token = n.confirmToken('ann@example.com');
    expect((await n.post(`/api/newsletter/confirm/${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await n.post('/api/newsletter/confirm/AAAAAAAAAAAAAAAAAAAAAA.forged')).status).toBe(404);
    expect(await statusOf(n, 'ann@example.com')).toBe('requested');
  });
});

describe('unsubscribing and the suppression list', () => {
  it('given a subscriber, when a mail provider posts one-click (a form body, no cookie, no Origin), then unsubscribed, and a forged token is 404', async () => {
    n = await makeNewsletterApp();
    await n.subscribed('ann@example.com');
    const { newsletterLinksFor } = await import('../../../service/newsletter/links.js');
    const url = new URL(newsletterLinksFor(n.t.deps.config).unsubscribePost(keyOf(n, 'ann@example.com')));
    const r = await n.t.app.request(url.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'unsubscribed' });
    await n.t.settle();
    expect(await statusOf(n, 'ann@example.com')).toBe('suppressed');
    const events = await n.t.eventStore.readStream(newsletterSubscriberStream(keyOf(n, 'ann@example.com')));
    expect(events.find((e) => e.type === 'NewsletterUnsubscribed')?.data).toMatchObject({ via: 'one-click' });
    expect((await n.post(`${url.pathname.slice(0, -2)}xx`)).status).toBe(404);
  });

  it('given an address erased by the school, when it signs up again, then the same 202 and no e-mail: it is on the suppression list by its keyed hash', async () => {
    n = await makeNewsletterApp();
    await n.subscribed('ann@example.com');
    const erased = await adminCall(n.t.app, 'POST', '/api/admin/privacy/erasures', {
      body: { email: 'ann@example.com' },
    });
    expect(erased.status).toBe(202);
    await n.t.settle();
    expect(await statusOf(n, 'ann@example.com')).toBe('suppressed');
    const r = await n.subscribe('ann@example.com');
    expect(r.status).toBe(202);
    expect(n.confirmations('ann@example.com')).toHaveLength(1);
    const events = await n.t.eventStore.readStream(newsletterSubscriberStream(keyOf(n, 'ann@example.com')));
    const asked = events.find((e) => e.type === 'NewsletterSubscriptionRequested');
    expect(JSON.stringify(asked?.data)).not.toContain('ann@example.com');
  });
});
