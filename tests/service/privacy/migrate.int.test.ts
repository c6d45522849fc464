import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { eventSchemas } from '../../../contracts/events.js';
import { privacyRegistry } from '../../../contracts/privacy/registry.js';
import { encryptingEventStore } from '../../../platform/eventstore/encrypting.js';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { SqliteKeyStore } from '../../../platform/keystore/sqlite.js';
import { rebuildProjection } from '../../../platform/processor/rebuild.js';
import { SqliteReadStore } from '../../../platform/readstore/sqlite.js';
import { enrollmentsProjector } from '../../../projections/admin/enrollments.js';
import { loadConfig } from '../../../service/core/config.js';
import { pseudonymsFor } from '../../../service/core/pseudonyms.js';
import { MIGRATION_CHECKPOINT, migratePlaintext } from '../../../service/privacy/migrate.js';
import { FAMILY, PERSONAL_VALUES } from '../../support/privacy-samples.js';
import { familyFormInput, makePrivacyApp } from './support.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A DATA_DIR as the service left it before encryption: the family and two others booked, a message sent. */
async function storeWrittenBefore(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-'));
  dirs.push(dir);
  const events = validatingEventStore(new SqliteEventStore(join(dir, 'events.db')), eventSchemas);
  const readStore = new SqliteReadStore(join(dir, 'read.db'));
  const p = await makePrivacyApp({ eventStore: events, readStore });
  await p.book({ pay: false });
  for (const email of ['second@example.com', 'third@example.com'])
    await p.book({ pay: false, form: familyFormInput({ email, firstName: 'Other', lastName: 'Parent' }) });
  const contact = await p.t.app.request('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: FAMILY.parentFirst, email: FAMILY.email, message: FAMILY.allergy }),
  });
  expect(contact.status).toBe(201);
  await p.t.settle();
  await p.t.close();
  await events.close();
  await readStore.close();
  return dir;
}

const rawRows = (dir: string) => {
  const db = new Database(join(dir, 'events.db'), { readonly: true });
  try {
    return (db.prepare('SELECT data FROM events').all() as { data: string }[]).map((r) => r.data).join('\n');
  } finally {
    db.close();
  }
};

function open(dir: string) {
  const raw = new SqliteEventStore(join(dir, 'events.db'));
  const keys = new SqliteKeyStore(join(dir, 'keys.db'));
  const pseudonyms = pseudonymsFor(loadConfig({ ADMIN_KEY: 'test-admin-key-123456' }));
  const encryption = encryptingEventStore(raw, {
    registry: privacyRegistry,
    keys,
    subjectOfEmail: (email) => pseudonyms.email(email),
  });
  const readStore = new SqliteReadStore(join(dir, 'read.db'));
  const events = validatingEventStore(encryption, eventSchemas);
  return {
    encryption,
    readStore,
    events,
    close: () => Promise.all([raw.close(), keys.close(), readStore.close()]),
  };
}

describe('npm run privacy -- migrate: events written before encryption', () => {
  it('given a store written before, when the migration is interrupted after two streams and run again, then it resumes, every personal field is sealed at rest, every event reads as before and the rebuilt tracker is the same', async () => {
    const dir = await storeWrittenBefore();
    expect(rawRows(dir)).toContain(FAMILY.allergy);

    let stores = open(dir);
    const before = (await stores.events.readAll({ limit: 100_000 })).map((e) => [e.type, e.data]);
    const tracker = (await stores.readStore.find('enrollments', {})).items.map((i) => i.doc);
    const dry = await migratePlaintext(stores, { dryRun: true });
    expect(dry).toMatchObject({ streams: 4, events: 4 });
    expect(rawRows(dir)).toContain(FAMILY.allergy);

    let rewritten = 0;
    await expect(
      migratePlaintext(stores, {
        batchSize: 10,
        afterStream: () => {
          if (++rewritten === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const stoppedAt = await stores.readStore.getCheckpoint(MIGRATION_CHECKPOINT);
    await stores.close();

    stores = open(dir);
    const resumed = await migratePlaintext(stores, { batchSize: 10 });
    expect(resumed.resumedFrom).toBe(stoppedAt);
    expect(resumed.streams).toBe(2);
    await stores.encryption.inner.compact!();
    const rows = rawRows(dir);
    for (const value of [...PERSONAL_VALUES, 'second@example.com', 'third@example.com'])
      expect(rows, value).not.toContain(value);

    expect((await stores.events.readAll({ limit: 100_000 })).map((e) => [e.type, e.data])).toEqual(before);
    await rebuildProjection(enrollmentsProjector, { eventStore: stores.events, readStore: stores.readStore });
    expect((await stores.readStore.find('enrollments', {})).items.map((i) => i.doc)).toEqual(tracker);
    expect(await migratePlaintext(stores)).toMatchObject({ streams: 0, events: 0 });
    await stores.close();
  });
});
