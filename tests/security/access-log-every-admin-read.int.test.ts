import { afterEach, describe, expect, it } from 'vitest';
import type { AccessLogPage } from '../../contracts/privacy/api.js';
import { FAMILY, PERSONAL_VALUES } from '../support/privacy-samples.js';
import { adminCall } from '../service/admin/support.js';
import { CHILDREN, makePrivacyApp, type PrivacyTestApp } from '../service/privacy/support.js';
import { makePricingApp, type PricingTestApp } from '../service/pricing/support.js';
import { baseForm } from '../service/enrollment/support.js';
import { asNewVisitor } from '../support/visitors.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';

/**
 * Issue 36, item 9: the access log (the owner's Settings) listed every read of a roster, its CSV
 * or an enrollment in full, but not the tracker's list and search, its CSV, an enrollment's
 * history, the gift cards sold, a workshop's waitlist or the inbox: every admin read of personal
 * data is now recorded, by id, never with what was searched for.
 */
let p: PrivacyTestApp | undefined;
let pricing: PricingTestApp | undefined;
afterEach(async () => {
  await p?.t.close();
  await pricing?.close();
  p = pricing = undefined;
});

describe('the access log records every admin read of personal data', () => {
  it('given a manager who reads the tracker, searches it, exports it, reads an enrollment’s history, the gift cards, a waitlist and the inbox, then the owner sees each read, by id, without the search', async () => {
    p = await makePrivacyApp();
    const enrollmentId = await p!.book();
    const added = await adminCall(p!.t.app, 'POST', '/api/admin/administrators', {
      body: { name: 'Mona Manager', email: 'mona@example.com', role: 'manager' },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const mona = ((await added.json()) as { key: string }).key;
    const search = encodeURIComponent(FAMILY.parentLast);

    const reads: [string, string][] = [
      ['/api/admin/enrollments', 'tracker'],
      [`/api/admin/enrollments?q=${search}`, 'tracker'],
      [`/api/admin/enrollments/export.csv?q=${search}`, 'tracker-csv'],
      [`/api/admin/enrollments/${enrollmentId}/history`, 'enrollment-history'],
      ['/api/admin/gift-cards', 'gift-cards'],
      [`/api/admin/workshops/${CHILDREN}/waitlist`, 'waitlist'],
      ['/api/admin/inquiries', 'inquiries'],
    ];
    for (const [path] of reads) {
      const r = await adminCall(p!.t.app, 'GET', path, { key: mona });
      expect(r.status, `${path}: ${await r.clone().text()}`).toBe(200);
    }
    await p!.t.settle();

    const res = await adminCall(p!.t.app, 'GET', '/api/admin/privacy/access-log?limit=50');
    const log = (await res.json()) as AccessLogPage;
    expect(log.entries.map((e) => [e.kind, e.administrator.name]).reverse()).toEqual(
      reads.map(([, kind]) => [kind, 'Mona Manager']),
    );
    expect(log.entries.find((e) => e.kind === 'enrollment-history')).toMatchObject({ enrollmentId });
    expect(log.entries.find((e) => e.kind === 'waitlist')).toMatchObject({ workshopId: CHILDREN });
    expect(log.entries.filter((e) => e.kind === 'tracker').map((e) => e.search)).toEqual([true, false]);

    const recorded = (await p!.t.eventStore.readAll({ limit: 100_000 })).filter((e) => e.type === 'PersonalDataRead');
    const text = JSON.stringify(recorded.map((e) => e.data));
    for (const value of PERSONAL_VALUES) expect(text).not.toContain(value);
    expect(text).not.toContain(FAMILY.parentLast);
    expect(text).not.toContain(FAMILY.email);
  });

  it('given an unknown enrollment’s history, then 404 and nothing is recorded', async () => {
    p = await makePrivacyApp();
    expect((await adminCall(p!.t.app, 'GET', '/api/admin/enrollments/nope/history')).status).toBe(404);
    await p!.t.settle();
    const log = (await (await adminCall(p!.t.app, 'GET', '/api/admin/privacy/access-log')).json()) as AccessLogPage;
    expect(log.total).toBe(0);
  });

  it('given a deposit balance past due, when the dashboard names its parent, then the read is recorded; without one, not', async () => {
    let now = new Date('2025-05-01T15:00:00Z');
    pricing = await makePricingApp({ clock: () => now });
    const t = pricing;
    const accessLog = async () => {
      await t.settle();
      return (await (await t.admin('GET', '/api/admin/privacy/access-log')).json()) as AccessLogPage;
    };
    await t.scheduleWorkshop({ id: 'camp', price: 250, capacity: 20, depositCents: 5_000 });
    expect((await t.admin('GET', '/api/admin/dashboard')).status).toBe(200);
    expect((await accessLog()).total).toBe(0);

    const enrolled = (await (
      await t.post('/api/enroll/workshop/camp', { ...baseForm({ participants: 2 }), totalPrice: 500 }, asNewVisitor())
    ).json()) as EnrollmentResponse;
    const intent = (await (
      await t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 100 })
    ).json()) as { clientSecret: string };
    await t.pay(intent.clientSecret);
    now = new Date('2025-09-14T00:00:00Z');
    expect((await t.admin('GET', '/api/admin/dashboard')).status).toBe(200);
    expect((await accessLog()).entries.map((e) => e.kind)).toEqual(['dashboard']);
  });
});
