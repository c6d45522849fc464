import { afterEach, describe, expect, it } from 'vitest';
import { pseudonymsFor } from '../../../service/core/pseudonyms.js';
import { newsletterLinksFor } from '../../../service/newsletter/links.js';
import { NEWSLETTER_SUBSCRIBERS } from '../../../projections/newsletter/subscribers.js';
import { makeNewsletterApp, type NewsletterApp } from './support.js';

/** The pages the e-mails' links open: a button each, so following a link (a mail scanner) changes nothing. */

let n: NewsletterApp | undefined;
afterEach(async () => {
  await n?.t.close();
  n = undefined;
});

const statusOf = async (app: NewsletterApp, email: string) =>
  (await app.t.readStore.get<{ status: string }>(NEWSLETTER_SUBSCRIBERS, pseudonymsFor(app.t.deps.config).email(email)))
    ?.doc.status;

const pressed = (app: NewsletterApp, action: string) =>
  app.t.app.request(action, {
    method: 'POST',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });

describe('the newsletter link pages', () => {
  it('given a confirmation link, when it is opened, then a page with a button and nothing confirmed; when the button is pressed, then subscribed', async () => {
    n = await makeNewsletterApp();
    await n.subscribe('ann@example.com');
    const token = n.confirmToken('ann@example.com');
    const page = await n.t.app.request(`/newsletter/confirm/${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<form method="post" action="/api/newsletter/confirm/${token}">`);
    await n.t.settle();
    expect(await statusOf(n, 'ann@example.com')).toBe('requested');
    const done = await pressed(n, `/api/newsletter/confirm/${token}`);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<h1>Subscribed</h1>');
    await n.t.settle();
    expect(await statusOf(n, 'ann@example.com')).toBe('subscribed');
  });

  it('given an unsubscribe link, when it is opened, then a page with a button; pressed, unsubscribed; a forged link is 404', async () => {
    n = await makeNewsletterApp();
    await n.subscribed('ann@example.com');
    const page = new URL(
      newsletterLinksFor(n.t.deps.config).unsubscribePage(pseudonymsFor(n.t.deps.config).email('ann@example.com')),
    );
    const opened = await n.t.app.request(page.pathname);
    expect(opened.status).toBe(200);
    const action = /action="([^"]+)"/.exec(await opened.text())![1]!;
    await n.t.settle();
    expect(await statusOf(n, 'ann@example.com')).toBe('subscribed');
    const done = await pressed(n, action);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<h1>Unsubscribed</h1>');
    await n.t.settle();
    expect(await statusOf(n, 'ann@example.com')).toBe('suppressed');
    expect((await n.t.app.request(`${page.pathname.slice(0, -2)}xx`)).status).toBe(404);
  });

  it('given a browser without JavaScript, when the footer form is posted, then a page says what follows, the address is asked to confirm, and a bad address is named', async () => {
    n = await makeNewsletterApp();
    const post = (body: string) =>
      n!.t.app.request('/newsletter/subscribe', {
        method: 'POST',
        headers: {
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        body,
      });
    const done = await post('email=ann%40example.com&source=footer');
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toContain('text/html');
    expect(await done.text()).toContain('a confirmation e-mail is on its way');
    await n.t.settle();
    expect(await statusOf(n, 'ann@example.com')).toBe('requested');

    const refused = await post('email=not-an-address&source=footer');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Enter a valid e-mail address.');

    const elsewhere = await n.t.app.request('/newsletter/subscribe', {
      method: 'POST',
      headers: {
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      body: 'email=bob%40example.com',
    });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toContain('Please sign up from our site');
    await n.t.settle();
    expect(await statusOf(n, 'bob@example.com')).toBeUndefined();
  });
});
