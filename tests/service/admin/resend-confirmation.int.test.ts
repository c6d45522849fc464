import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddedAdministrator } from '../../../contracts/admin/administrators.js';
import type { ConfirmationResendResult } from '../../../contracts/admin/confirmation-resend.js';
import type { EnrollmentHistory } from '../../../contracts/admin/history.js';
import { ADDRESS_ONE_LINE } from '../../../contracts/core/school.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { OutboxMailer } from '../../../service/mail/outbox.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { confirmed, paid, record, submitted } from '../../support/enrollment-events.js';
import { adminCall } from './support.js';

let t: TestApp;
afterEach(() => t?.close());

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'resend-outbox-'));
  t = await makeTestApp({
    reactors: true,
    extra: () => ({ mailer: new OutboxMailer(dir, 'Great Lakes Etiquette <hello@greatlakesetiquette.com>') }),
  });
  // A paid, confirmed dinner whose first confirmation already left, at the place the dinner is held
  // (a booking elsewhere would follow its workshop there and be e-mailed the new place).
  await record(t.eventStore, 'paid-1', [
    { event: submitted('paid-1', { location: ADDRESS_ONE_LINE }), actor: 'visitor' },
    { event: paid('paid-1', 30_000), actor: 'provider' },
    { event: confirmed('paid-1', 30_000), actor: 'system' },
  ]);
  await t.settle();
  const added = await adminCall(t.app, 'POST', '/api/admin/administrators', {
    body: { name: 'Margaret Ellison', email: 'margaret@example.com' },
  });
  expect(added.status).toBe(201);
  const { key } = (await added.json()) as AddedAdministrator;
  return { dir, key };
}

/** The outbox's e-mails about orders (the owner's notice of the administrator added is there too). */
const orderMails = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('ORD-'));

const streamTypes = async (id: string) => (await t.eventStore.readStream(enrollmentStream(id))).map((e) => e.type);

describe('resend the confirmation', () => {
  it('given a confirmed enrollment, when a named administrator resends its confirmation, then the request is recorded by her, the e-mail is in the outbox, and the history shows both', async () => {
    const { dir, key } = await setup();
    expect(orderMails(dir)).toEqual(['ORD-paid-1.eml']);

    const res = await adminCall(t.app, 'POST', '/api/admin/enrollments/paid-1/resend-confirmation', { body: {}, key });
    expect(res.status).toBe(200);
    const result = (await res.json()) as ConfirmationResendResult;
    expect(result).toMatchObject({ enrollmentId: 'paid-1', sent: true });

    const events = await t.eventStore.readStream(enrollmentStream('paid-1'));
    const requested = events.find((e) => e.type === 'ConfirmationResendRequested')!;
    expect(requested.metadata).toMatchObject({ actor: 'admin', administrator: { name: 'Margaret Ellison' } });
    expect(events.filter((e) => e.type === 'ConfirmationEmailResent')).toHaveLength(1);

    // The first confirmation's file stays; the resend is its own message, with the receipt again.
    const files = orderMails(dir).sort();
    expect(files).toEqual(['ORD-paid-1.eml', `ORD-paid-1.resend-${result.requestId}.eml`]);
    const mail = readFileSync(join(dir, files[1]!), 'utf8');
    expect(mail).toMatch(/^To: ada@example\.com/m);
    expect(mail).toMatch(/^Subject: Your enrollment is confirmed:/m);
    // Headers are folded at 78 characters: the value may start on the next line.
    expect(mail).toMatch(
      new RegExp(`^Message-ID:\\s+<ORD-paid-1\\.resend-${result.requestId}@greatlakesetiquette\\.com>`, 'm'),
    );

    const history = await adminCall(
      t.app,
      'GET',
      `/api/admin/enrollments/paid-1/history?minPosition=${result.position}`,
    );
    const trail = ((await history.json()) as EnrollmentHistory).events.slice(-2);
    expect(trail.map((e) => [e.type, e.by ?? e.actor])).toEqual([
      ['ConfirmationResendRequested', 'Margaret Ellison'],
      ['ConfirmationEmailResent', 'system'],
    ]);
    expect(trail[1]!.summary).toBe('Confirmation e-mail for ORD-paid-1 sent again (outbox).');
  });

  it('given a resend made, when the reactors see every event again (a crash), then no second e-mail is sent for it', async () => {
    const { dir } = await setup();
    const first = await adminCall(t.app, 'POST', '/api/admin/enrollments/paid-1/resend-confirmation', { body: {} });
    expect(first.status).toBe(200);
    await t.replayReactors();
    expect((await streamTypes('paid-1')).filter((x) => x === 'ConfirmationEmailResent')).toHaveLength(1);
    expect(orderMails(dir)).toHaveLength(2);
  });

  it('given a resend made, when an administrator asks again, then a second e-mail leaves under its own Message-ID', async () => {
    const { dir } = await setup();
    for (let i = 0; i < 2; i++)
      expect(
        (await adminCall(t.app, 'POST', '/api/admin/enrollments/paid-1/resend-confirmation', { body: {} })).status,
      ).toBe(200);
    expect(orderMails(dir)).toHaveLength(3);
    expect((await streamTypes('paid-1')).filter((x) => x === 'ConfirmationEmailResent')).toHaveLength(2);
  });

  it('given a pending enrollment, when its confirmation is resent, then 409 and nothing is appended', async () => {
    await setup();
    await record(t.eventStore, 'pending-1', [{ event: submitted('pending-1'), actor: 'visitor' }]);
    await t.settle();
    const before = await t.eventStore.headPosition();
    const res = await adminCall(t.app, 'POST', '/api/admin/enrollments/pending-1/resend-confirmation', { body: {} });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/only a confirmed enrollment/);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given no key, an unknown enrollment or a body with fields, then 401, 404 and 400, nothing appended', async () => {
    await setup();
    const before = await t.eventStore.headPosition();
    const path = '/api/admin/enrollments/paid-1/resend-confirmation';
    expect((await adminCall(t.app, 'POST', path, { body: {}, key: null })).status).toBe(401);
    expect(
      (await adminCall(t.app, 'POST', '/api/admin/enrollments/nobody/resend-confirmation', { body: {} })).status,
    ).toBe(404);
    expect((await adminCall(t.app, 'POST', path, { body: { to: 'evil@example.com' } })).status).toBe(400);
    expect(await t.eventStore.headPosition()).toBe(before);
  });
});
