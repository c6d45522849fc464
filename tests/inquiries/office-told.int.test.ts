import { afterEach, describe, expect, it } from 'vitest';
import type { InquiryReceived } from '../../contracts/inquiries/inquiry.js';
import { adminCall } from '../service/admin/support.js';
import { LOOPBACK_PEER, makeTestApp, type TestApp } from '../support/app.js';
import type { MemoryMailer } from '../support/memory-mailer.js';

/**
 * Issue 37 item 11: the office is e-mailed for each new contact message and consultation request,
 * once (a reactor, idempotent by event), and the admin area counts those it has not read.
 */
const OFFICE = 'office@school.example';
let t: TestApp;
afterEach(async () => t?.close());

const mailer = () => t.deps.mailer as MemoryMailer;
const post = async (path: string, body: unknown) => {
  const r = await t.app.request(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    LOOPBACK_PEER,
  );
  expect(r.status, await r.clone().text()).toBe(201);
  await t.settle();
  return (await r.json()) as InquiryReceived;
};
const unread = async () => {
  const r = await adminCall(t.app, 'GET', '/api/admin/inquiries/unread');
  expect(r.status, await r.clone().text()).toBe(200);
  return ((await r.json()) as { unread: number }).unread;
};

describe('the office is told of each new inquiry', () => {
  it('given a contact message and a consultation request, then the office gets one e-mail for each, naming the sender, with a reply going to them', async () => {
    t = await makeTestApp({ reactors: true, env: { OWNER_EMAIL: OFFICE } });
    await post('/api/contact', { fullname: 'Ann Lee', email: 'ann@example.com', message: 'Do you teach teens?' });
    await post('/api/consultation', {
      name: 'Bo Park',
      company: 'Park & Co',
      email: 'bo@example.com',
      preferredDate: 'Next Tuesday',
      discussionTopic: 'Dining etiquette for our staff',
    });

    const sent = mailer().sent.filter((m) => m.to === OFFICE);
    expect(sent.map((m) => m.subject)).toEqual([
      'New contact message from Ann Lee',
      'New consultation request from Bo Park (Park & Co)',
    ]);
    expect(sent[0]!.text).toContain('Do you teach teens?');
    expect(sent[0]!.text).toContain('ann@example.com');
    expect(sent[0]!.replyTo).toBe('ann@example.com');
    expect(sent[1]!.text).toContain('Next Tuesday');
    expect(sent[1]!.text).toContain('/admin?tab=inbox');

    // Delivered again (a crash before the checkpoints): no second e-mail.
    await t.replayReactors();
    expect(mailer().sent.filter((m) => m.to === OFFICE)).toHaveLength(2);
  });

  it('given two new inquiries, then the admin area counts two unread; one marked read leaves one, and marking it again changes nothing', async () => {
    t = await makeTestApp({ reactors: true, env: { OWNER_EMAIL: OFFICE } });
    const first = await post('/api/contact', { fullname: 'Ann Lee', email: 'ann@example.com', message: 'Hello' });
    await post('/api/contact', { fullname: 'Cy Ng', email: 'cy@example.com', message: 'Hi' });
    expect(await unread()).toBe(2);

    const read = await adminCall(t.app, 'POST', `/api/admin/inquiries/${first.id}/read`, { body: {} });
    expect(read.status, await read.clone().text()).toBe(200);
    const { position } = (await read.json()) as { position: string };
    const inbox = await adminCall(t.app, 'GET', `/api/admin/inquiries?minPosition=${position}`);
    const rows = (await inbox.json()) as { id: string; unread?: boolean }[];
    expect(rows.find((r) => r.id === first.id)!.unread).toBe(false);
    expect(rows.find((r) => r.id !== first.id)!.unread).toBe(true);
    expect(await unread()).toBe(1);

    expect((await adminCall(t.app, 'POST', `/api/admin/inquiries/${first.id}/read`, { body: {} })).status).toBe(200);
    expect(await unread()).toBe(1);
    expect((await adminCall(t.app, 'POST', '/api/admin/inquiries/nope/read', { body: {} })).status).toBe(404);
  });
});
