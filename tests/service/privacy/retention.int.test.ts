import { afterEach, describe, expect, it } from 'vitest';
import type { AdminEnrollmentDetail } from '../../../contracts/admin/enrollments.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { ERASED } from '../../../contracts/privacy/classes.js';
import { retentionTimer } from '../../../service/privacy/retention-timer.js';
import { tickerOf } from '../../support/timers.js';
import { FAMILY } from '../../support/privacy-samples.js';
import { adminCall } from '../admin/support.js';
import { CHILDREN, familyFormInput, makePrivacyApp, type PrivacyTestApp } from './support.js';

let p: PrivacyTestApp;
afterEach(async () => {
  await p?.t.close();
});

const CAMP = '1';
const DAY = 86_400_000;
const octavia = familyFormInput().participantDetails![0]!;
const barnaby = familyFormInput().participantDetails![1]!;
const only = (child: typeof octavia) => familyFormInput({ participants: 1, participantDetails: [child] });

const startOf = async (id: string) => ((await (await p.t.app.request(`/api/workshops/${id}`)).json()) as Workshop).date;
const detail = async (id: string) =>
  (await (await adminCall(p.t.app, 'GET', `/api/admin/enrollments/${id}`)).json()) as AdminEnrollmentDetail;
const erasures = async () =>
  (await p.t.eventStore.readAll({ limit: 100_000 })).filter((e) => e.type === 'SafetyDataErased');

describe('retention of children’s safety details (SAFETY_DATA_RETENTION_DAYS, default 90)', () => {
  it('given a child whose last session was the camp, then 1 ms before 90 days nothing is erased, at exactly 90 days the booking’s safety details are erased once, and names and money stay', async () => {
    p = await makePrivacyApp();
    const camp = await p.book({ workshopId: CAMP, form: only(octavia) });
    const later = await p.book({ workshopId: CHILDREN, form: only(barnaby) });
    const timer = tickerOf(retentionTimer(p.t.deps), p.t.deps, 'test-retention');
    const due = Date.parse(await startOf(CAMP)) + 90 * DAY;

    p.clock.now = new Date(due - 1);
    expect(await timer.tick()).toBe(0);
    p.clock.now = new Date(due);
    expect(await timer.tick()).toBe(1);
    expect(await timer.tick()).toBe(0);
    await p.t.settle();

    const erased = await detail(camp);
    expect(erased.participantDetails![0]).toMatchObject({ name: FAMILY.child, dietaryRestrictions: ERASED });
    expect(erased.contact).toMatchObject({ emergencyContact1Name: ERASED, phone: FAMILY.phone });
    expect(erased).toMatchObject({
      firstName: FAMILY.parentFirst,
      status: 'completed',
      safetyDataErasedAt: new Date(due).toISOString(),
    });
    expect((await detail(later)).contact?.emergencyContact1Name).toBe(FAMILY.emergencyName);
    expect((await erasures()).map((e) => e.data)).toEqual([
      expect.objectContaining({
        enrollmentId: camp,
        retentionDays: 90,
        lastSessionAt: new Date(due - 90 * DAY).toISOString(),
      }),
    ]);
    await timer.stop();
  });

  it('given the same child booked again later, then the earlier booking keeps the details until 90 days after the later class', async () => {
    p = await makePrivacyApp();
    const camp = await p.book({ workshopId: CAMP, form: only(octavia) });
    const later = await p.book({ workshopId: CHILDREN, form: only(octavia) });
    const timer = tickerOf(retentionTimer(p.t.deps), p.t.deps, 'test-retention');

    p.clock.now = new Date(Date.parse(await startOf(CAMP)) + 90 * DAY);
    expect(await timer.tick()).toBe(0);
    p.clock.now = new Date(Date.parse(await startOf(CHILDREN)) + 90 * DAY);
    expect(await timer.tick()).toBe(2);
    await p.t.settle();
    for (const id of [camp, later]) expect((await detail(id)).participantDetails![0]!.dietaryRestrictions).toBe(ERASED);
    await timer.stop();
  });

  it('given SAFETY_DATA_RETENTION_DAYS=30, then the period is 30 days', async () => {
    p = await makePrivacyApp({ env: { SAFETY_DATA_RETENTION_DAYS: '30' } });
    await p.book({ workshopId: CAMP, form: only(octavia) });
    const timer = tickerOf(retentionTimer(p.t.deps), p.t.deps, 'test-retention');
    const due = Date.parse(await startOf(CAMP)) + 30 * DAY;
    p.clock.now = new Date(due - 1);
    expect(await timer.tick()).toBe(0);
    p.clock.now = new Date(due);
    expect(await timer.tick()).toBe(1);
    await timer.stop();
  });
});
