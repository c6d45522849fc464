import { afterEach, describe, expect, it } from 'vitest';
import { newsletterSubscriberStream } from '../../../contracts/newsletter/events.js';
import { pseudonymsFor } from '../../../service/core/pseudonyms.js';
import { emlOf } from '../../../service/mail/eml.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { announcementTimer } from '../../../service/newsletter/announcement-sender.js';
import { subscriberDecider } from '../../../service/newsletter/subscriber-decider.js';
import { ANNOUNCEMENTS, type AnnouncementDoc } from '../../../projections/newsletter/announcements.js';
import { tickerOf } from '../../support/timers.js';
import { adminCall } from '../admin/support.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { makeNewsletterApp, type NewsletterApp } from './support.js';

/**
 * Issue 43 item 4: the owner writes an announcement, tries it on herself and sends it; the
 * sending pass reaches each subscriber once at its pace, through a kill and a restart, each message
 * with List-Unsubscribe (a link and a mailto) and List-Unsubscribe-Post.
 */

let n: NewsletterApp | undefined;
afterEach(async () => {
  await n?.t.close();
  n = undefined;
});

const OWNER = 'owner@school.example';
const ANNOUNCEMENT = { subject: 'The autumn season is open', body: 'Dear families,\n\nOur autumn classes are open.' };
const announcements = (app: NewsletterApp) => app.mailer.sent.filter((m) => m.messageId.startsWith('<announcement-'));

/** `count` confirmed subscribers, recorded as their sign-up and confirmation would record them. */
async function subscribers(app: NewsletterApp, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `parent${i}@example.com`);
  const at = app.t.deps.clock().toISOString();
  const meta = { correlationId: 'test', causationId: 'test', actor: 'system' as const, at };
  for (const email of emails) {
    const subscriberKey = pseudonymsFor(app.t.deps.config).email(email);
    const stream = newsletterSubscriberStream(subscriberKey);
    await app.t.deps.commands.handle(
      subscriberDecider,
      stream,
      {
        type: 'RequestSubscription',
        subscriberKey,
        email,
        source: 'footer',
        consentWording: 'Send me news of new classes',
        at,
      },
      meta,
    );
    await app.t.deps.commands.handle(
      subscriberDecider,
      stream,
      { type: 'ConfirmSubscription', subscriberKey, at },
      meta,
    );
  }
  await app.t.settle();
  return emails;
}

async function write(app: NewsletterApp): Promise<string> {
  const r = await adminCall(app.t.app, 'POST', '/api/admin/announcements', { body: ANNOUNCEMENT });
  expect(r.status).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

const docOf = async (app: NewsletterApp, id: string) =>
  (await app.t.readStore.get<AnnouncementDoc>(ANNOUNCEMENTS, id))!.doc;

function expectListHeaders(m: MailMessage) {
  expect(m.headers?.['List-Unsubscribe']).toMatch(
    /^<https:\/\/school\.example\/api\/newsletter\/unsubscribe\/[A-Za-z0-9_.-]+>, <mailto:unsubscribe@[^>]+>$/,
  );
  expect(m.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const eml = emlOf(m, 'school@example.com').bytes.toString();
  expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(eml).toMatch(/List-Unsubscribe:\s+<https:\/\/school\.example\/api\/newsletter\/unsubscribe\//);
}

describe('writing and trying an announcement', () => {
  it('given the owner, when she writes one, then 201 { id }; bad input is 400 naming the field; without the key 401', async () => {
    n = await makeNewsletterApp({ OWNER_EMAIL: OWNER });
    await write(n);
    const bad = await adminCall(n.t.app, 'POST', '/api/admin/announcements', { body: { body: 'No subject' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error.startsWith('subject:')).toBe(true);
    const anonymous = await adminCall(n.t.app, 'POST', '/api/admin/announcements', { key: null, body: ANNOUNCEMENT });
    expect(anonymous.status).toBe(401);
  });

  it('given an announcement, when the owner sends a test, then 202 and one message to her, rendered with the unsubscribe headers; no subscriber gets it', async () => {
    n = await makeNewsletterApp({ OWNER_EMAIL: OWNER });
    await subscribers(n, 2);
    const id = await write(n);
    const r = await adminCall(n.t.app, 'POST', `/api/admin/announcements/${id}/test`, { body: {} });
    expect(r.status).toBe(202);
    await n.t.settle();
    expect(announcements(n).map((m) => m.to)).toEqual([OWNER]);
    expectListHeaders(announcements(n)[0]!);
    expect(announcements(n)[0]!.text).toContain('Our autumn classes are open.');
    expect((await adminCall(n.t.app, 'POST', '/api/admin/announcements/nope/test', { body: {} })).status).toBe(404);
  });
});

describe('sending an announcement', () => {
  it('given subscribers (one unsubscribed since), when the owner sends it, then 202 and each subscriber gets one message with the headers, at the pace set', async () => {
    n = await makeNewsletterApp({ NEWSLETTER_SEND_PER_MINUTE: '120' });
    const emails = await subscribers(n, 5);
    const id = await write(n);
    const { newsletterLinksFor } = await import('../../../service/newsletter/links.js');
    const gone = newsletterLinksFor(n.t.deps.config).unsubscribePost(pseudonymsFor(n.t.deps.config).email(emails[4]!));
    expect((await n.post(new URL(gone).pathname)).status).toBe(200);
    await n.t.settle();
    expect((await adminCall(n.t.app, 'POST', `/api/admin/announcements/${id}/send`, { body: {} })).status).toBe(202);
    await n.t.settle();
    const timer = tickerOf(announcementTimer(n.t.deps), n.t.deps, 'test-sender');
    // 120 a minute, a pass a second: two a pass.
    expect(await timer.tick()).toEqual({ sent: 2, skipped: 0 });
    for (let i = 0; i < 5; i++) await timer.tick();
    await n.t.settle();
    expect(
      announcements(n)
        .map((m) => m.to)
        .sort(),
    ).toEqual(emails.slice(0, 4).sort());
    for (const m of announcements(n)) expectListHeaders(m);
    expect(await docOf(n, id)).toMatchObject({ status: 'sent', sent: 4 });
    // Sent again: nothing more.
    expect((await adminCall(n.t.app, 'POST', `/api/admin/announcements/${id}/send`, { body: {} })).status).toBe(202);
    await timer.tick();
    expect(announcements(n)).toHaveLength(4);
  });

  it('given 200 subscribers, when the sending pass is killed midway and another process takes over, then each address gets exactly one message', async () => {
    n = await makeNewsletterApp({ NEWSLETTER_SEND_PER_MINUTE: '3000' });
    const emails = await subscribers(n, 200);
    const id = await write(n);
    await adminCall(n.t.app, 'POST', `/api/admin/announcements/${id}/send`, { body: {} });
    await n.t.settle();
    const send = n.mailer.send.bind(n.mailer);
    let calls = 0;
    n.mailer.send = async (m) => {
      if (m.messageId.startsWith('<announcement-') && ++calls === 70) throw new Error('killed');
      return send(m);
    };
    const first = tickerOf(announcementTimer(n.t.deps), n.t.deps, 'process-a');
    await first.tick();
    await expect(first.tick()).rejects.toThrow('killed');
    n.mailer.send = send;
    const second = tickerOf(announcementTimer(n.t.deps), n.t.deps, 'process-b', true);
    const third = tickerOf(announcementTimer(n.t.deps), n.t.deps, 'process-c');
    for (let i = 0; i < 10; i++) await Promise.all([second.tick(), third.tick()]);
    await n.t.settle();
    const to = announcements(n).map((m) => m.to);
    expect(to.sort()).toEqual([...emails].sort());
    expect(await docOf(n, id)).toMatchObject({ status: 'sent', sent: 200 });
  });

  it('given three subscribers of whom one booked a class, when the owner sends to the audience of its location, then only that family gets it, and the audience choices name the location', async () => {
    n = await makeNewsletterApp({ NEWSLETTER_SEND_PER_MINUTE: '3000' });
    const emails = await subscribers(n, 3);
    const booked = await n.post('/api/enroll/workshop/10', { ...baseForm({ email: emails[1]! }), totalPrice: 0 });
    expect(booked.status).toBe(201);
    await n.t.settle();
    const choices = await adminCall(n.t.app, 'GET', '/api/admin/announcements/audiences');
    const { locations } = (await choices.json()) as { locations: string[] };
    expect(locations).toEqual([expect.stringContaining('Legacy Drive')]);
    const r = await adminCall(n.t.app, 'POST', '/api/admin/announcements', {
      body: { ...ANNOUNCEMENT, audience: locations[0] },
    });
    const { id } = (await r.json()) as { id: string };
    await adminCall(n.t.app, 'POST', `/api/admin/announcements/${id}/send`, { body: {} });
    await n.t.settle();
    const timer = tickerOf(announcementTimer(n.t.deps), n.t.deps, 'test-sender');
    await timer.tick();
    await timer.tick();
    await n.t.settle();
    expect(announcements(n).map((m) => m.to)).toEqual([emails[1]]);
    expect(await docOf(n, id)).toMatchObject({ status: 'sent', sent: 1 });
  });

  it('given a subject and a body, when the owner previews them, then the e-mail as subscribers will read it, unsaved', async () => {
    n = await makeNewsletterApp();
    const r = await adminCall(n.t.app, 'POST', '/api/admin/announcements/preview', { body: ANNOUNCEMENT });
    expect(r.status).toBe(200);
    const preview = (await r.json()) as { subject: string; html: string; text: string };
    expect(preview.subject).toBe(ANNOUNCEMENT.subject);
    expect(preview.html).toContain('<p>Our autumn classes are open.</p>');
    expect(preview.text).toContain('Unsubscribe:');
    expect((await adminCall(n.t.app, 'GET', '/api/admin/announcements')).status).toBe(200);
    const { announcements: listed } = (await (await adminCall(n.t.app, 'GET', '/api/admin/announcements')).json()) as {
      announcements: unknown[];
    };
    expect(listed).toEqual([]);
  });
});
