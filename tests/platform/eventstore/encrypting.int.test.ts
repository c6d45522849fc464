import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { eventSchemas } from '../../../contracts/events.js';
import { privacyRegistry } from '../../../contracts/privacy/registry.js';
import { ERASED, isPersonal } from '../../../contracts/privacy/classes.js';
import { HOUSEHOLD_SUBJECT_PREFIX } from '../../../contracts/privacy/account.js';
import { encryptingEventStore } from '../../../platform/eventstore/encrypting.js';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { SqliteKeyStore } from '../../../platform/keystore/sqlite.js';
import { CachedKeyStore } from '../../../platform/keystore/cached.js';
import { createPseudonyms } from '../../../service/core/pseudonyms.js';
import { FAMILY, ORGANIZATION, PERSONAL_VALUES, personalSamples, sampleStream } from '../../support/privacy-samples.js';
import { ORGANIZATION_SUBJECT_PREFIX } from '../../../contracts/privacy/organizations.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const pseudonyms = createPseudonyms('test-pseudonym-secret');
const metadata = { correlationId: 'c', causationId: 'c', actor: 'visitor' as const, at: '2025-06-01T10:00:00.000Z' };

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'encrypting-'));
  dirs.push(dir);
  const raw = new SqliteEventStore(join(dir, 'events.db'));
  const keys = new CachedKeyStore(new SqliteKeyStore(join(dir, 'keys.db')));
  const encryption = encryptingEventStore(raw, {
    registry: privacyRegistry,
    keys,
    subjectOfEmail: (email) => pseudonyms.email(email),
  });
  const store = validatingEventStore(encryption, eventSchemas);
  const rows = () => {
    const db = new Database(join(dir, 'events.db'), { readonly: true });
    try {
      return db.prepare('SELECT type, data FROM events ORDER BY position').all() as { type: string; data: string }[];
    } finally {
      db.close();
    }
  };
  return { dir, store, keys, rows, close: () => Promise.all([store.close(), keys.close()]) };
}

const personalTypes = Object.keys(privacyRegistry).filter((t) => isPersonal(privacyRegistry[t]!));

async function appendEverySample(store: ReturnType<typeof open>['store'], enrollmentId: string) {
  const samples = personalSamples(enrollmentId);
  // The submission first: the later enrollment events find their subject on its stream.
  for (const type of ['EnrollmentSubmitted', ...personalTypes.filter((t) => t !== 'EnrollmentSubmitted')])
    await store.append(
      sampleStream(type, enrollmentId),
      [{ id: randomUUID(), type, data: samples[type], metadata }],
      'any',
    );
  return samples;
}

describe('personal fields encrypted at rest', () => {
  it('given one event of every type with personal data, when stored in SQLite, then no raw row holds a name, e-mail, phone or allergy, and each names its key', async () => {
    const { store, rows, close } = open();
    await appendEverySample(store, 'e-1');
    const stored = rows();
    expect(stored.map((r) => r.type).sort()).toEqual([...personalTypes].sort());
    for (const row of stored) {
      for (const value of PERSONAL_VALUES) expect(row.data, `${row.type} holds "${value}"`).not.toContain(value);
      // Its identity key, or (an invitation's address alone) the keys of its shared fields.
      const sealed = Object.values(JSON.parse(row.data).$privacy.b as Record<string, { k: string; w?: string }>);
      expect(sealed.length, row.type).toBeGreaterThan(0);
      for (const s of sealed)
        expect(
          [s.k, s.w ?? 'k_'].every((k) => k.startsWith('k_')),
          row.type,
        ).toBe(true);
    }
    await close();
  });

  it('given every sample stored, when read back, then each reads as it was written (decrypted in the store, below validation)', async () => {
    const { store, close } = open();
    const samples = await appendEverySample(store, 'e-1');
    const all = await store.readAll();
    for (const event of all)
      expect(event.data, event.type).toEqual(eventSchemas[event.type]!.parse(samples[event.type]));
    await close();
  });

  it('given the family subject destroyed, when read again, then every personal field reads as erased while ids, amounts and flags of attendance stay', async () => {
    const { store, keys, close } = open();
    await appendEverySample(store, 'e-1');
    // An erasure by e-mail also destroys the address's household (service/privacy/family.ts).
    await keys.destroy(pseudonyms.email(FAMILY.email), new Date());
    await keys.destroy(`${HOUSEHOLD_SUBJECT_PREFIX}h-1`, new Date());
    // An organization is its own subject (issue 39): erased by its own key.
    await keys.destroy(`${ORGANIZATION_SUBJECT_PREFIX}${ORGANIZATION.id}`, new Date());
    const all = await store.readAll();
    const text = JSON.stringify(all.map((e) => e.data));
    for (const value of PERSONAL_VALUES) expect(text).not.toContain(value);
    const submitted = all.find((e) => e.type === 'EnrollmentSubmitted')!.data as {
      form: { firstName: string; participantDetails: { dietaryRestrictions: string; age: number | null }[] };
      amountCents: number;
      enrollmentId: string;
    };
    expect(submitted.form.firstName).toBe(ERASED);
    expect(submitted.form.participantDetails[0]).toMatchObject({ dietaryRestrictions: ERASED, age: null });
    expect(submitted).toMatchObject({ enrollmentId: 'e-1', amountCents: 30_000 });
    expect(all.find((e) => e.type === 'AttendanceMarked')!.data).toMatchObject({ name: ERASED, present: true });
    await close();
  });

  it('given only the booking safety key destroyed, then the allergy and emergency contacts are erased and the names kept', async () => {
    const { store, keys, close } = open();
    await appendEverySample(store, 'e-1');
    await keys.destroy(pseudonyms.email(FAMILY.email), new Date(), 'safety:e-1');
    const [submitted] = (await store.readStream('enrollment-e-1')) as { data: { form: Record<string, unknown> } }[];
    expect(submitted!.data.form).toMatchObject({
      firstName: FAMILY.parentFirst,
      emergencyContact1Name: ERASED,
      specialRequirements: ERASED,
      participantDetails: [
        { name: FAMILY.child, dietaryRestrictions: ERASED, hasDietaryRestrictions: false },
        { name: FAMILY.sibling },
      ],
    });
    await close();
  });

  it('given a correction on a stream with no submission, then nothing is written in clear: the append is refused', async () => {
    const { store, rows, close } = open();
    const samples = personalSamples('e-2');
    await expect(
      store.append(
        'enrollment-e-2',
        [{ id: randomUUID(), type: 'AttendanceMarked', data: samples.AttendanceMarked, metadata }],
        'any',
      ),
    ).rejects.toThrow(/data subject/);
    expect(rows()).toEqual([]);
    await close();
  });
});
