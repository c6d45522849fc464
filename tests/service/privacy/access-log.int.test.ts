import { afterEach, describe, expect, it } from 'vitest';
import type { AccessLogPage } from '../../../contracts/privacy/api.js';
import { FAMILY, PERSONAL_VALUES } from '../../support/privacy-samples.js';
import { adminCall } from '../admin/support.js';
import { CHILDREN, makePrivacyApp, type PrivacyTestApp } from './support.js';

let p: PrivacyTestApp;
afterEach(async () => {
  await p?.t.close();
});

const log = async (query = '', key?: string) => {
  await p.t.settle();
  const res = await adminCall(p.t.app, 'GET', `/api/admin/privacy/access-log${query}`, { key });
  expect(res.status).toBe(200);
  return (await res.json()) as AccessLogPage;
};

describe('the access log of personal data read by administrators', () => {
  it('given a manager who reads a roster, its CSV and an enrollment in full, and the owner who reads the roster, then the owner sees each read, newest first, filterable by administrator, naming records by id only', async () => {
    p = await makePrivacyApp();
    const enrollmentId = await p.book({ pay: false });
    const added = await adminCall(p.t.app, 'POST', '/api/admin/administrators', {
      body: { name: 'Mona Manager', email: 'mona@example.com' },
    });
    const mona = (await added.json()) as { id: string; key: string };

    for (const path of [`/api/admin/workshops/${CHILDREN}/roster`, `/api/admin/workshops/${CHILDREN}/roster.csv`])
      expect((await adminCall(p.t.app, 'GET', path, { key: mona.key })).status).toBe(200);
    expect((await adminCall(p.t.app, 'GET', `/api/admin/enrollments/${enrollmentId}`, { key: mona.key })).status).toBe(
      200,
    );
    expect((await adminCall(p.t.app, 'GET', `/api/admin/workshops/${CHILDREN}/roster`)).status).toBe(200);

    const all = await log();
    expect(all.total).toBe(4);
    expect(all.entries.map((e) => [e.kind, e.administrator.name])).toEqual([
      ['roster', 'Owner'],
      ['enrollment', 'Mona Manager'],
      ['roster-csv', 'Mona Manager'],
      ['roster', 'Mona Manager'],
    ]);
    expect(all.entries[1]).toMatchObject({ enrollmentId, workshopId: null, at: expect.any(String) });
    expect(all.entries[3]).toMatchObject({ workshopId: CHILDREN, enrollmentId: null });

    const monas = await log(`?administrator=${mona.id}`);
    expect(monas.total).toBe(3);
    expect(monas.entries.every((e) => e.administrator.id === mona.id)).toBe(true);

    const recorded = (await p.t.eventStore.readAll({ limit: 100_000 })).filter((e) => e.type === 'PersonalDataRead');
    expect(recorded).toHaveLength(4);
    const text = JSON.stringify(recorded.map((e) => e.data));
    for (const value of PERSONAL_VALUES) expect(text).not.toContain(value);
    expect(text).not.toContain(FAMILY.email);
  });

  it('given a read of an unknown workshop’s roster, then nothing is recorded', async () => {
    p = await makePrivacyApp();
    expect((await adminCall(p.t.app, 'GET', '/api/admin/workshops/999/roster')).status).toBe(404);
    expect((await log()).total).toBe(0);
  });
});
