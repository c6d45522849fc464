import { afterEach, describe, expect, it } from 'vitest';
import type { AddedAdministrator } from '../../../contracts/admin/administrators.js';
import { eventSchemas } from '../../../contracts/events.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { makeTestApp, type TestApp, type TestAppOptions } from '../../support/app.js';
import { FaultyEventStore } from '../../support/faults.js';
import type { MemoryMailer } from '../../support/memory-mailer.js';
import { adminCall } from './support.js';

/**
 * The owner is told by e-mail of each change to the administrators (added, role changed,
 * revoked): one e-mail per change, whatever the reactor's redeliveries, to OWNER_EMAIL or else the
 * school's sender address.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const OWNER = 'margaret@school.example';
const open = (options: TestAppOptions = {}) =>
  makeTestApp({ reactors: true, ...options, env: { OWNER_EMAIL: OWNER, ...options.env } });
const sent = () => (t.deps.mailer as MemoryMailer).sent;

async function add(body: Record<string, unknown>, key?: string) {
  const res = await adminCall(t.app, 'POST', '/api/admin/administrators', { body, key });
  return { status: res.status, body: (await res.json()) as AddedAdministrator };
}

describe('the owner is told of administrator changes', () => {
  it('given the owner adds June, makes her an instructor and revokes her, then the owner gets three e-mails, one per change, naming who and what, never the key; a redelivery of every event sends none again', async () => {
    t = await open();
    const june = (await add({ name: 'June Park', email: 'june@example.com' })).body;
    await adminCall(t.app, 'PATCH', `/api/admin/administrators/${june.id}`, { body: { role: 'instructor' } });
    await adminCall(t.app, 'DELETE', `/api/admin/administrators/${june.id}`);
    await t.settle();

    expect(sent().map((m) => [m.to, m.subject])).toEqual([
      [OWNER, 'Administrator added: June Park (manager)'],
      [OWNER, 'Administrator role changed: June Park is now an instructor'],
      [OWNER, 'Administrator revoked: June Park'],
    ]);
    const [added, changed, revoked] = sent();
    expect(added!.text).toContain('june@example.com');
    expect(added!.text).toContain('by Owner');
    expect(changed!.text).toMatch(/from manager to instructor/i);
    expect(revoked!.text).toMatch(/key no longer works/i);
    for (const m of sent()) {
      expect(m.text).not.toContain(june.key);
      expect(m.html).not.toContain(june.key);
      expect(m.html).toContain('June Park');
      expect(m.text).toContain('/admin?tab=settings');
    }
    expect(new Set(sent().map((m) => m.messageId)).size).toBe(3);
    const noticed = (await t.eventStore.readStream('administrators')).filter(
      (e) => e.type === 'AdministratorChangeNoticeSent',
    );
    expect(noticed).toHaveLength(3);

    await t.replayReactors();
    expect(sent()).toHaveLength(3);
  });

  it('given refused changes (a manager’s, a duplicate e-mail, the same role again), then no e-mail is sent', async () => {
    t = await open();
    const rosa = (await add({ name: 'Rosa Diaz', email: 'rosa@example.com' })).body;
    await t.settle();
    expect(sent()).toHaveLength(1);
    expect((await add({ name: 'Eve', email: 'eve@example.com' }, rosa.key)).status).toBe(403);
    expect((await add({ name: 'Rosa D.', email: 'ROSA@example.com' })).status).toBe(409);
    const same = await adminCall(t.app, 'PATCH', `/api/admin/administrators/${rosa.id}`, { body: { role: 'manager' } });
    expect(same.status).toBe(200);
    await t.settle();
    expect(sent()).toHaveLength(1);
  });

  it('given three requests at once giving June the same new role, then one change is recorded and the owner gets one e-mail for it', async () => {
    t = await open();
    const june = (await add({ name: 'June Park', email: 'june@example.com' })).body;
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        adminCall(t.app, 'PATCH', `/api/admin/administrators/${june.id}`, { body: { role: 'instructor' } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    await t.settle();
    const changes = (await t.eventStore.readStream('administrators')).filter(
      (e) => e.type === 'AdministratorRoleChanged',
    );
    expect(changes).toHaveLength(1);
    expect(sent().map((m) => m.subject)).toEqual([
      'Administrator added: June Park (manager)',
      'Administrator role changed: June Park is now an instructor',
    ]);
  });

  it('given the record of the e-mail cut off after its commit (a lost answer), when the reactor tries again, then the owner still gets one e-mail', async () => {
    const store = new FaultyEventStore(validatingEventStore(new MemoryEventStore(), eventSchemas));
    t = await open({ eventStore: store });
    store.failAppends({
      match: (stream, events) =>
        stream === 'administrators' && events.some((e) => e.type === 'AdministratorChangeNoticeSent'),
      when: 'after',
    });
    await add({ name: 'June Park', email: 'june@example.com' });
    await t.settle();
    expect(store.injected).toBe(1);
    expect(sent()).toHaveLength(1);
  });

  it('given no OWNER_EMAIL, then the e-mail goes to the address MAIL_FROM names', async () => {
    t = await makeTestApp({ reactors: true, env: { MAIL_FROM: 'The School <office@school.example>' } });
    await add({ name: 'June Park', email: 'june@example.com' });
    await t.settle();
    expect(sent().map((m) => m.to)).toEqual(['office@school.example']);
  });
});
