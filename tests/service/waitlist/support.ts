import { expect } from 'vitest';
import { withSessions, type WorkshopData } from '../../../contracts/catalogue/workshop.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { waitlistStream } from '../../../contracts/waitlist/events.js';
import type { JoinWaitlistResponse, WaitlistConfirmResponse } from '../../../contracts/waitlist/api.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import { waitlistLapseTimer } from '../../../service/waitlist/lapse-timer.js';
import type { TimerTicker } from '../../../platform/processor/timer.js';
import { tickerOf } from '../../support/timers.js';
import type { TestAppOptions } from '../../support/app.js';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from '../enrollment/support.js';

export const START = new Date('2026-03-02T15:00:00.000Z');
export const HOUR = 3_600_000;

/** A clock the test moves by hand. */
export function manualClock(start = START) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** A paid, base-form workshop a month after `now`, with `capacity` seats. */
export const testWorkshop = (id: string, capacity: number, now: Date, price = 50): WorkshopData =>
  withSessions({
    id,
    title: `Dining Etiquette ${id}`,
    description: 'A test workshop.',
    date: new Date(now.getTime() + 30 * 24 * HOUR).toISOString(),
    time: '6:00 PM - 8:00 PM',
    location: '123 Main St, Plano, TX',
    instructor: 'Ms. Porter',
    duration: '2 hours',
    category: 'adult',
    price,
    capacity,
  });

export interface WaitlistApp extends EnrollmentTestApp {
  clock: ReturnType<typeof manualClock>;
  /** The timer that lapses entries not confirmed in time, ticked by the tests (it is not started). */
  lapses: TimerTicker<number>;
}

export async function makeWaitlistApp(options: TestAppOptions = {}): Promise<WaitlistApp> {
  const clock = manualClock();
  const t = await makeEnrollmentApp({ reactors: true, clock: clock.now, ...options });
  return { ...t, clock, lapses: tickerOf(waitlistLapseTimer(t.deps), t.deps, 'test-lapses') };
}

export async function schedule(t: WaitlistApp, id: string, capacity: number, price = 50): Promise<WorkshopData> {
  const workshop = testWorkshop(id, capacity, t.clock.now(), price);
  await t.deps.commands.handle(
    workshopDecider,
    workshopStream(id),
    { type: 'ScheduleWorkshop', workshop },
    { correlationId: 'test', causationId: 'test', actor: 'admin', at: t.clock.now().toISOString() },
  );
  await t.settle();
  return workshop;
}

/** A paid enrollment (an unpaid hold) of `participants` seats by a parent of its own. */
export async function enroll(
  t: WaitlistApp,
  workshop: WorkshopData,
  email: string,
  participants = 1,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  return t.post(`/api/enroll/workshop/${workshop.id}`, {
    ...baseForm({ email, participants }),
    totalPrice: workshop.price * participants,
    ...extra,
  });
}

export async function fill(t: WaitlistApp, workshop: WorkshopData, prefix = 'holder'): Promise<EnrollmentResponse[]> {
  const out: EnrollmentResponse[] = [];
  for (let i = 0; i < workshop.capacity; i++) {
    const r = await enroll(t, workshop, `${prefix}-${i}@example.com`);
    expect(r.status).toBe(201);
    out.push((await r.json()) as EnrollmentResponse);
  }
  return out;
}

export const joinBody = (email: string, participants = 1) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  phone: '9725550199',
  participants,
});

/** Sends the waitlist form: 202 and the same words whoever the e-mail belongs to. */
export async function joinUnconfirmed(t: WaitlistApp, workshopId: string, email: string, participants = 1) {
  const r = await t.post(`/api/workshops/${workshopId}/waitlist`, joinBody(email, participants));
  expect(r.status, await r.clone().text()).toBe(202);
  return (await r.json()) as JoinWaitlistResponse;
}

/** The confirmation link's token of the latest join e-mail sent to `email`, once the reactor has sent it. */
export async function confirmationToken(t: WaitlistApp, email: string): Promise<string> {
  await t.settle();
  const mail = t.mailer.sent.filter((m) => m.to === email && m.text.includes('/waitlist/confirm?token=')).at(-1);
  const token = mail && /\/waitlist\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no waitlist confirmation e-mail to ${email}`);
  return token;
}

/** The entry a confirmation (or leave) token names: `<workshopId>.<entryId>.<signature>`. */
export const entryOfToken = (token: string) => token.split('.')[1]!;

/**
 * Joins and confirms from the e-mail, as a parent does: the entry then counts. Answers the entry
 * (read from the link, since the join answer names none) and the place the confirmation gave.
 */
export async function join(t: WaitlistApp, workshopId: string, email: string, participants = 1) {
  await joinUnconfirmed(t, workshopId, email, participants);
  const token = await confirmationToken(t, email);
  const r = await t.post('/api/waitlist/confirm', { token });
  expect(r.status, await r.clone().text()).toBe(200);
  const { position } = (await r.json()) as WaitlistConfirmResponse;
  await t.settle();
  return { waitlistEntryId: entryOfToken(token), position };
}

/** The waitlist events of a workshop, by type. */
export async function waitlistEvents(t: WaitlistApp, workshopId: string, type: string) {
  return (await t.eventStore.readStream(waitlistStream(workshopId))).filter((e) => e.type === type);
}

/** The offer link's token of each offer e-mail sent, by recipient. */
export function offerLinks(t: WaitlistApp): Map<string, { token: string; leave: string }> {
  const out = new Map<string, { token: string; leave: string }>();
  for (const m of t.mailer.sent) {
    const offer = /\?offer=([A-Za-z0-9_-]+)/.exec(m.text)?.[1];
    const leave = /\/waitlist\/leave\?token=([A-Za-z0-9_.-]+)/.exec(m.text)?.[1];
    if (offer && leave) out.set(m.to, { token: offer, leave });
  }
  return out;
}
