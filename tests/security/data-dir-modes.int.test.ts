import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, tempDataDir, type RunningServer } from '../support/server.js';
import { loadConfig } from '../../service/core/config.js';
import { openStores } from '../../service/compose.js';
import { ensureAdminKey } from '../../service/core/admin-key.js';
import { ensureBookingLinkSecret } from '../../service/core/booking-link-secret.js';
import { OutboxMailer } from '../../service/mail/outbox.js';
import { createPaymentsPort } from '../../service/compose.js';
import { OfflinePayments } from '../../service/payments/offline-adapter.js';
import { baseForm } from '../support/enrollment-forms.js';
import { seedCatalogue } from '../../service/catalogue/seed.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse } from '../../contracts/payments/api.js';

/**
 * DATA_DIR holds personal data: every file under it is 0600 and every folder 0700, whoever wrote
 * it (SQLite with its -wal and -shm, the outbox, admin.key, the offline provider's store).
 */

/** Every entry under dir (dir included) with its permission bits, files and folders apart. */
function modesUnder(dir: string): { files: Record<string, string>; dirs: Record<string, string> } {
  const files: Record<string, string> = {};
  const dirs: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name);
      const name = rel ? `${rel}/${e.name}` : e.name;
      const mode = (statSync(path).mode & 0o777).toString(8);
      if (e.isDirectory()) {
        dirs[name] = mode;
        walk(path, name);
      } else files[name] = mode;
    }
  };
  walk(dir, '');
  return { files, dirs };
}

const onlyMode = (entries: Record<string, string>, mode: string) =>
  Object.fromEntries(Object.keys(entries).map((k) => [k, mode]));

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});

describe('data files are private', () => {
  it('given a start that writes events, e-mails, payment intents and the admin key, when DATA_DIR is listed, then every file is 0600 and every folder 0700', async () => {
    server = await startServer({ ADMIN_KEY: '', TEST_RUN: 'true' });
    const post = (path: string, body: unknown) =>
      fetch(`${server!.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    // A free enrollment (confirmed at once, then mailed) and a paid one with its PaymentIntent, paid.
    const free = (await (
      await post('/api/enroll/workshop/10', { ...baseForm(), totalPrice: 0 })
    ).json()) as EnrollmentResponse;
    const paid = (await (
      await post('/api/enroll/workshop/9', { ...baseForm(), totalPrice: 130 })
    ).json()) as EnrollmentResponse;
    const intent = (await (
      await post('/api/create-payment-intent', { enrollmentId: paid.enrollmentId, amount: 130 })
    ).json()) as CreatePaymentIntentResponse;
    const confirm = await post('/api/offline-payments/confirm', {
      clientSecret: intent.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(confirm.status).toBe(200);
    const mailed = async (orderId: string) => {
      for (let i = 0; i < 300; i++) {
        if ((await fetch(`${server!.url}/api/test/outbox/${orderId}`)).status === 200) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    };
    expect(await mailed(free.orderId!)).toBe(true);
    expect(await mailed(`ORD-${paid.enrollmentId}`)).toBe(true);

    const { files, dirs } = modesUnder(server.dataDir);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'admin.key',
        'booking-link.secret',
        'events.db',
        'events.db-wal',
        'events.db-shm',
        'read.db',
        'read.db-wal',
        'offline-payments.db',
        'offline-payments.db-wal',
      ]),
    );
    expect(Object.keys(files).filter((f) => f.startsWith('outbox/') && f.endsWith('.eml'))).toHaveLength(2);
    expect(files).toEqual(onlyMode(files, '600'));
    expect(dirs).toEqual({ '.': '700', outbox: '700' });
  });

  it('given the stores, the outbox, the offline provider and the admin key opened in a process with a permissive umask, when they write, then they still make 0600 files in 0700 folders', async () => {
    const previous = process.umask(0o022);
    const dataDir = join(tempDataDir('modes-'), 'data');
    try {
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const stores = await openStores(config);
      expect((await seedCatalogue(stores.eventStore, new Date())).appended).toBeGreaterThan(0);
      await stores.readStore.write([{ kind: 'put', collection: 'probe', id: '1', doc: { a: 1 }, position: 0n }]);
      ensureAdminKey(dataDir, () => undefined);
      ensureBookingLinkSecret(dataDir);
      await new OutboxMailer(join(dataDir, 'outbox'), 'school@example.com').send({
        messageId: '<probe@example.com>',
        to: 'parent@example.com',
        subject: 'Probe',
        text: 'Hello',
        html: '<p>Hello</p>',
        attachments: [],
      });
      const payments = createPaymentsPort(config) as OfflinePayments;
      await payments.createPaymentIntent({ amountCents: 100, idempotencyKey: 'k', description: 'x', metadata: {} });
      payments.close();
      await stores.close();

      const { files, dirs } = modesUnder(dataDir);
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining([
          'events.db',
          'read.db',
          'admin.key',
          'booking-link.secret',
          'offline-payments.db',
          'outbox/probe.eml',
        ]),
      );
      expect(files).toEqual(onlyMode(files, '600'));
      expect(dirs).toEqual(onlyMode(dirs, '700'));
    } finally {
      process.umask(previous);
    }
  });

  it('given a DATA_DIR left world-readable by an earlier version, when the stores and the admin key open it, then the folder and its files are tightened', async () => {
    const dataDir = tempDataDir('modes-');
    chmodSync(dataDir, 0o755);
    for (const f of ['events.db', 'read.db', 'admin.key'])
      writeFileSync(join(dataDir, f), f === 'admin.key' ? 'an-old-admin-key-1234\n' : '', { mode: 0o644 });
    mkdirSync(join(dataDir, 'outbox'), { mode: 0o755 });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

    const stores = await openStores(config);
    ensureAdminKey(dataDir, () => undefined);
    await stores.close();

    const { files, dirs } = modesUnder(dataDir);
    expect(files).toMatchObject({ 'events.db': '600', 'read.db': '600', 'admin.key': '600' });
    expect(dirs['.']).toBe('700');
  });
});

describe('the booking link secret of the embedded default', () => {
  it('given no secret yet, when started twice, then one is generated, kept owner-only, and the same at the next start (links already sent keep working)', () => {
    const dataDir = join(tempDataDir('booking-secret-'), 'data');
    const first = ensureBookingLinkSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'booking-link.secret')).mode & 0o777).toBe(0o600);
    expect(ensureBookingLinkSecret(dataDir)).toBe(first);
  });
});
