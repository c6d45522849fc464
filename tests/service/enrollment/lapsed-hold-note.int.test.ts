import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { LapsedHoldRefill } from '../../../contracts/enrollment/lapsed-hold-notes.js';
import { createLogger } from '../../../platform/log.js';
import { ProcessorRunner } from '../../../platform/processor/runner.js';
import { holdTimer } from '../../../service/enrollment/sale/hold-timer.js';
import { lapsedHoldNoteReactor } from '../../../service/enrollment/lapsed-hold/lapsed-hold-note-reactor.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { baseForm, strictForm } from '../../support/enrollment-forms.js';
import { MemoryMailer } from '../../support/memory-mailer.js';
import { tickerOf } from '../../support/timers.js';

/**
 * Issue 43 item 3: a parent whose unpaid hold lapsed gets one short note per e-mail and workshop
 * (never after booking it again), with a single-use refill link and a stop link.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const clock = { now: new Date('2025-05-01T12:00:00Z') };
const mailer = new MemoryMailer();

async function app(env: Record<string, string> = {}) {
  clock.now = new Date('2025-05-01T12:00:00Z');
  mailer.sent.length = 0;
  t = await makeTestApp({
    clock: () => clock.now,
    env: { PUBLIC_URL: 'https://school.example', ...env },
    extra: () => ({ mailer }),
  });
  return t;
}

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t!.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A parent holds a seat of a $150 workshop (the dinner, 6, unless said; 8 asks the stricter form) and does not pay. */
async function hold(email: string, workshopId = '6'): Promise<string> {
  const r = await post(`/api/enroll/workshop/${workshopId}`, {
    ...(workshopId === '8' ? strictForm({ email }) : baseForm({ email })),
    totalPrice: 150,
  });
  expect(r.status, await r.clone().text()).toBe(201);
  return ((await r.json()) as EnrollmentResponse).enrollmentId;
}

/** The hold's 30 minutes pass and the hold timer records the lapse. */
async function lapse() {
  clock.now = new Date(clock.now.getTime() + 31 * 60_000);
  await tickerOf(holdTimer(t!.deps), t!.deps, 'test-timer').tick();
  await t!.settle();
}

/** The note reactor runs over every event so far (where the effects run), from its checkpoint. */
async function runNotes() {
  const runner = new ProcessorRunner({
    eventStore: t!.eventStore,
    readStore: t!.readStore,
    reactors: [lapsedHoldNoteReactor(t!.deps)],
    log: createLogger('silent'),
    owner: `notes-${randomUUID()}`,
  });
  runner.start();
  try {
    expect(await runner.waitFor(await t!.eventStore.headPosition(), undefined, 10_000)).toBe(true);
  } finally {
    await runner.stop();
  }
}

const notes = () => mailer.sent.filter((m) => m.messageId.startsWith('<lapsed-hold-'));
const linkIn = (m: MailMessage, pattern: RegExp) => pattern.exec(m.text)?.[1];

describe('the note when a hold lapses', () => {
  it('given a parent whose hold lapsed, when the effects run, then one note goes to them with the seats still open, a refill link and a stop link, and no address in any link', async () => {
    await app();
    await hold('ann@example.com');
    await lapse();
    await runNotes();
    expect(notes()).toHaveLength(1);
    const [note] = notes();
    expect(note!.to).toBe('ann@example.com');
    expect(note!.text).toMatch(/Your seats in .+ were released; \d+ are still open\./);
    const refill = linkIn(note!, /(https:\/\/school\.example\/enroll\/6\?refill=\S+)/);
    const stop = linkIn(note!, /(https:\/\/school\.example\/api\/hold-notes\/stop\/\S+)/);
    expect(refill).toBeDefined();
    expect(stop).toBeDefined();
    for (const link of [refill!, stop!]) expect(link).not.toMatch(/ann|example\.com\/.*example/i);
  });

  it('given a note sent, when the same parent holds again and that hold lapses too, then no second note goes', async () => {
    await app();
    await hold('ann@example.com');
    await lapse();
    await runNotes();
    await hold('ann@example.com');
    await lapse();
    await runNotes();
    expect(notes()).toHaveLength(1);
  });

  it('given a lapsed hold, when the parent books the workshop again before the note would leave, then no note goes', async () => {
    await app();
    await hold('ann@example.com');
    await lapse();
    await hold('ANN@example.com');
    await runNotes();
    expect(notes()).toHaveLength(0);
  });

  it('given LAPSED_HOLD_NOTE=off, when a hold lapses, then no note goes', async () => {
    await app({ LAPSED_HOLD_NOTE: 'off' });
    await hold('ann@example.com');
    await lapse();
    await runNotes();
    expect(notes()).toHaveLength(0);
  });

  it('given the events delivered again (a rewound checkpoint), when the reactor runs again, then no second note goes', async () => {
    await app();
    await hold('ann@example.com');
    await lapse();
    await runNotes();
    await t!.readStore.write([], { projection: 'lapsed-hold-note', position: -1n });
    await runNotes();
    expect(notes()).toHaveLength(1);
  });

  it('given a note, when its refill link is used, then the form comes back once; a second use and a forged token are 404', async () => {
    await app();
    await hold('ann@example.com');
    await lapse();
    await runNotes();
    const token = /refill=(\S+)/.exec(notes()[0]!.text)![1]!;
    const first = await post(`/api/enroll/refill/${token}`);
    expect(first.status).toBe(200);
    const refill = (await first.json()) as LapsedHoldRefill;
    expect(refill).toEqual({
      workshopId: '6',
      form: {
        firstName: 'Eleanor',
        lastName: 'Whitfield',
        email: 'ann@example.com',
        phone: '9725550100',
        participants: 1,
      },
    });
    const again = await post(`/api/enroll/refill/${token}`);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe('not_found');
    expect((await post(`/api/enroll/refill/${token.slice(0, -2)}xx`)).status).toBe(404);
  });

  it('given a note, when the parent presses stop (a form post, as the page sends it), then a later lapse in another workshop sends nothing', async () => {
    await app();
    await hold('ann@example.com');
    await lapse();
    await runNotes();
    const stop = /(\/api\/hold-notes\/stop\/\S+)/.exec(notes()[0]!.text)![1]!;
    const page = await t!.app.request(stop);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    const pressed = await t!.app.request(stop, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(pressed.status).toBe(200);
    await hold('ann@example.com', '8');
    await lapse();
    await runNotes();
    expect(notes()).toHaveLength(1);
  });
});
