import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { OutboxMailer, outboxDir } from '../../../service/mail/outbox.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { createLogger } from '../../../platform/log.js';
import { FaultyEventStore } from '../../support/faults.js';
import { submitted as submittedEvent } from '../../support/enrollment-events.js';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';

/**
 * The confirmation e-mail as a reactor on EnrollmentConfirmed, on the outbox the embedded default
 * writes: a failure at each step of the reaction, then the reaction delivered again.
 */

let t: EnrollmentTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An outbox in a fresh folder that also counts what it was asked to send. */
function countingOutbox() {
  const dir = mkdtempSync(join(tmpdir(), 'reactor-outbox-'));
  const outbox = new OutboxMailer(dir, 'Great Lakes Etiquette <hello@greatlakesetiquette.com>');
  const asked: MailMessage[] = [];
  const send = outbox.send.bind(outbox);
  outbox.send = async (m) => {
    asked.push(m);
    return send(m);
  };
  return { dir, outbox, asked };
}

async function setup(lines: string[] = []) {
  const store = new FaultyEventStore(validatingEventStore(new MemoryEventStore(), eventSchemas));
  const { dir, outbox, asked } = countingOutbox();
  t = await makeEnrollmentApp({
    eventStore: store,
    reactors: true,
    extra: () => ({ mailer: outbox, log: createLogger('info', (l) => lines.push(l)) }),
  });
  const app = t;
  /** A free enrollment in workshop 10: confirmed by its own request, mailed by the reactor. */
  const enrollFree = async (email = 'ann@example.com') => {
    const r = await app.post('/api/enroll/workshop/10', { ...baseForm({ email }), totalPrice: 0 });
    expect(r.status).toBe(201);
    return (await r.json()) as EnrollmentResponse;
  };
  const mailed = async (enrollmentId: string) =>
    (await app.eventStore.readStream(enrollmentStream(enrollmentId))).filter((e) => e.type === 'ConfirmationEmailSent')
      .length;
  return { app, store, dir, asked, enrollFree, mailed };
}

const isMailRecord = (_stream: string, events: readonly { type: string }[]) =>
  events.some((e) => e.type === 'ConfirmationEmailSent');

describe('confirmation e-mail reactor', () => {
  it('given an outbox and a confirmed enrollment, then one .eml named after the order, one ConfirmationEmailSent, and the reactor past the event', async () => {
    const { app, dir, enrollFree, mailed } = await setup();
    const { enrollmentId, orderId } = await enrollFree();
    await app.settle();
    expect(readdirSync(dir)).toEqual([`${orderId}.eml`]);
    expect(await mailed(enrollmentId)).toBe(1);
    expect(await app.readStore.getCheckpoint('confirmation-email')).toBe(await app.eventStore.headPosition());
  });

  it('given the record of the e-mail fails after the send (a crash between the two), when the event is delivered again, then the same message is written again to the same file: still one .eml and one ConfirmationEmailSent', async () => {
    const { app, store, dir, asked, enrollFree, mailed } = await setup();
    store.failAppends({ match: isMailRecord, when: 'before' });
    const { enrollmentId, orderId } = await enrollFree();
    await app.settle();
    expect(store.injected).toBe(1);
    expect(asked.map((m) => m.messageId)).toEqual([
      `<${orderId}@greatlakesetiquette.com>`,
      `<${orderId}@greatlakesetiquette.com>`,
    ]);
    expect(readdirSync(dir)).toEqual([`${orderId}.eml`]);
    expect(readFileSync(join(dir, `${orderId}.eml`), 'utf8')).toMatch(/^Subject: Your enrollment is confirmed/m);
    expect(await mailed(enrollmentId)).toBe(1);
  });

  it('given the record is written but its answer lost, when the event is delivered again, then the stream says the e-mail left and nothing is sent again', async () => {
    const { app, store, asked, enrollFree, mailed } = await setup();
    store.failAppends({ match: isMailRecord, when: 'after' });
    const { enrollmentId } = await enrollFree();
    await app.settle();
    expect(store.injected).toBe(1);
    expect(asked).toHaveLength(1);
    expect(await mailed(enrollmentId)).toBe(1);
  });

  it('given every event delivered again (a rewound checkpoint, a read store rebuilt from nothing), then no e-mail leaves twice', async () => {
    const { app, dir, asked, enrollFree } = await setup();
    const orders = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      orders.push((await enrollFree(email)).orderId);
    await app.settle();
    expect(asked).toHaveLength(3);
    await app.replayReactors();
    expect(asked).toHaveLength(3);
    expect(readdirSync(dir).sort()).toEqual(orders.map((o) => `${o}.eml`).sort());
  });

  it('given a stored recipient the mailer can never send to, then it is logged and passed over, and the e-mails after it still leave', async () => {
    const lines: string[] = [];
    const { app, dir, enrollFree } = await setup(lines);
    // An enrollment stored before the API checked e-mails: its recipient carries a second address.
    const id = randomUUID();
    const bad = submittedEvent(id, { unitCents: 0 });
    if (bad.type !== 'EnrollmentSubmitted') throw new Error('unexpected event');
    const metadata = {
      correlationId: 'c',
      causationId: 'c',
      actor: 'visitor' as const,
      at: '2025-06-01T15:00:00.000Z',
    };
    await app.eventStore.append(
      enrollmentStream(id),
      [
        {
          id: randomUUID(),
          type: 'EnrollmentSubmitted',
          data: { ...bad.data, form: { ...bad.data.form, email: 'ann@example.com, evil@example.com' } },
          metadata,
        },
        {
          id: randomUUID(),
          type: 'EnrollmentConfirmed',
          data: {
            enrollmentId: id,
            orderId: `FREE-${id}`,
            orderReference: 'GL-000001',
            paymentMethod: 'Free Enrollment',
            amountCents: 0,
            paymentIntentId: null,
            confirmedAt: metadata.at,
          },
          metadata,
        },
      ],
      'no_stream',
    );
    const after = await enrollFree();
    await app.settle();
    expect(readdirSync(dir)).toEqual([`${after.orderId}.eml`]);
    expect(lines.some((l) => l.includes('confirmation e-mail cannot be sent; passed over') && l.includes(id))).toBe(
      true,
    );
    expect(lines.join('\n')).not.toContain('evil@example.com');
  });
});

describe('the outbox as the end-to-end tests read it (GET /api/test/outbox/:orderId, test pages only)', () => {
  it('given a free enrollment in workshop 10 (the form\'s "Complete Registration"), when the reactor has mailed it, then the e-mail names the FREE- order in its subject and carries the receipt and an .ics', async () => {
    t = await makeEnrollmentApp({
      reactors: true,
      extra: (config) => ({
        mailer: new OutboxMailer(outboxDir(config.DATA_DIR), 'Great Lakes Etiquette <hello@greatlakesetiquette.com>'),
      }),
    });
    const r = await t.post('/api/enroll/workshop/10', { ...baseForm(), totalPrice: 0 });
    expect(r.status).toBe(201);
    const { orderId } = (await r.json()) as EnrollmentResponse;
    expect(orderId).toMatch(/^FREE-/);
    await t.settle();

    const answer = await t.get(`/api/test/outbox/${orderId}`);
    expect(answer.status).toBe(200);
    const mail = (await answer.json()) as { attachments: string[]; hasIcs: boolean; subject: string };
    expect(mail.hasIcs).toBe(true);
    expect(mail.attachments).toEqual(
      expect.arrayContaining([`GreatLakesEtiquette-Receipt-${orderId}.txt`, `GreatLakesEtiquette-${orderId}.ics`]),
    );
    expect(mail.subject).toContain(orderId);
  });
});
