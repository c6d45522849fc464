import { describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.js';

/**
 * The inquiry forms as a browser posts them before the page's JavaScript runs, or without it:
 * form-encoded, to the page's own path, from the site's own page.
 */
const ORIGIN = 'http://localhost';
const SAME_SITE = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };

const formPost = (fields: Record<string, string>, headers: Record<string, string> = SAME_SITE) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

const inquiryEvents = async ({ eventStore }: TestApp, after: bigint) =>
  (await eventStore.readAll({ after })).filter((e) => e.position > after && e.streamId.startsWith('inquiry-'));

const ADA = { fullname: 'Ada Parent', email: 'ada@example.com', phone: '', company: '', message: 'Saturdays?' };

describe('POST /contact (the contact form without JavaScript)', () => {
  it('given a complete form from the site, when posted, then 303 to the sent page and ContactMessageReceived is recorded', async () => {
    const t = await makeTestApp();
    const before = await t.eventStore.headPosition();
    const res = await t.app.request(`${ORIGIN}/contact`, formPost(ADA));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?sent=contact');
    expect(res.headers.get('location')).not.toContain('ada');
    const events = await inquiryEvents(t, before);
    expect(events.map((e) => e.type)).toEqual(['ContactMessageReceived']);
    expect(events[0]!.data).toMatchObject({ message: { fullname: 'Ada Parent', email: 'ada@example.com' } });
    expect(events[0]!.metadata.actor).toBe('visitor');
  });

  it('given only an Origin header of the site (no Sec-Fetch-Site), when posted, then it is accepted', async () => {
    const t = await makeTestApp();
    const res = await t.app.request(`${ORIGIN}/contact`, formPost(ADA, { origin: ORIGIN }));
    expect(res.status).toBe(303);
  });

  it('given a missing message and a malformed e-mail, when posted, then 400 names both fields by their labels and nothing is recorded', async () => {
    const t = await makeTestApp();
    const before = await t.eventStore.headPosition();
    const res = await t.app.request(`${ORIGIN}/contact`, formPost({ ...ADA, email: 'ada-at-home', message: '  ' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Please check the form');
    expect(html).toContain('<strong>Email</strong>: Please enter a valid email address.');
    expect(html).toContain('<strong>Message</strong>: Message is required.');
    expect(html).toContain('href="/contact"');
    expect(await inquiryEvents(t, before)).toEqual([]);
  });

  it.each([
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['another site without Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['a sibling site', { origin: 'http://shop.localhost', 'sec-fetch-site': 'same-site' }],
    ['nowhere said', {}],
  ])('given a post from %s, when posted, then 403 and nothing is recorded', async (_, headers) => {
    const t = await makeTestApp();
    const before = await t.eventStore.headPosition();
    const res = await t.app.request(`${ORIGIN}/contact`, formPost(ADA, headers));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('It was not sent from a page of our site');
    expect(await inquiryEvents(t, before)).toEqual([]);
  });

  it('given one address over the burst (10), when it posts again, then 429 with Retry-After in words a parent reads, and nothing more is recorded', async () => {
    const t = await makeTestApp();
    const from = { ...SAME_SITE, 'x-forwarded-for': '203.0.113.40' };
    for (let i = 0; i < 10; i++) {
      expect((await t.app.request(`${ORIGIN}/contact`, formPost(ADA, from))).status).toBe(303);
    }
    const before = await t.eventStore.headPosition();
    const res = await t.app.request(`${ORIGIN}/contact`, formPost(ADA, from));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^[1-3]$/);
    expect(await res.text()).toMatch(/Please wait [1-3] seconds? and try again\./);
    expect(await inquiryEvents(t, before)).toEqual([]);
  });

  it('given the JSON API and the form from one address, when both are used, then they share one rate limit', async () => {
    const t = await makeTestApp();
    const from = { ...SAME_SITE, 'x-forwarded-for': '203.0.113.41' };
    for (let i = 0; i < 10; i++) {
      const res = await t.app.request('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from['x-forwarded-for'] },
        body: JSON.stringify(ADA),
      });
      expect(res.status).toBe(201);
    }
    expect((await t.app.request(`${ORIGIN}/contact`, formPost(ADA, from))).status).toBe(429);
  });

  it('given a JSON body on the page path, when posted, then 415 and nothing is recorded', async () => {
    const t = await makeTestApp();
    const before = await t.eventStore.headPosition();
    const res = await t.app.request(`${ORIGIN}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...SAME_SITE },
      body: JSON.stringify(ADA),
    });
    expect(res.status).toBe(415);
    expect(await inquiryEvents(t, before)).toEqual([]);
  });
});

describe('POST /about (the consultation form without JavaScript)', () => {
  it('given a complete request, when posted, then 303 back to the consultation section and ConsultationRequested is recorded', async () => {
    const t = await makeTestApp();
    const before = await t.eventStore.headPosition();
    const res = await t.app.request(
      `${ORIGIN}/about`,
      formPost({ name: 'Grace', email: 'grace@example.com', preferredDate: 'May 25 at 2pm', discussionTopic: 'Team' }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/about?sent=consultation#consultation');
    expect((await inquiryEvents(t, before)).map((e) => e.type)).toEqual(['ConsultationRequested']);
  });

  it('given no preferred date, when posted, then 400 names the field as the form labels it', async () => {
    const t = await makeTestApp();
    const res = await t.app.request(
      `${ORIGIN}/about`,
      formPost({ name: 'Grace', email: 'grace@example.com', discussionTopic: 'Team' }),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<strong>Preferred date and time</strong>: Preferred date is required.');
  });
});
