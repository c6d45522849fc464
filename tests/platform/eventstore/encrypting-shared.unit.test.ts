import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERASED } from '../../../contracts/privacy/classes.js';
import { privacyRegistry } from '../../../contracts/privacy/registry.js';
import { encryptingEventStore } from '../../../platform/eventstore/encrypting.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { MemoryKeyStore } from '../../../platform/keystore/memory.js';
import { createPseudonyms } from '../../../service/core/pseudonyms.js';
import { FAMILY, personalSamples } from '../../support/privacy-samples.js';

const pseudonyms = createPseudonyms('test-pseudonym-secret');
const metadata = { correlationId: 'c', causationId: 'c', actor: 'visitor' as const, at: '2025-06-01T10:00:00.000Z' };

interface Form {
  firstName: string;
  email: string;
  parent2Name: string;
  parent2Email: string;
  parent2Phone: string;
}

async function booked(parent2: Partial<Form> = {}) {
  const keys = new MemoryKeyStore();
  const store = encryptingEventStore(new MemoryEventStore(), {
    registry: privacyRegistry,
    keys,
    subjectOfEmail: (email) => pseudonyms.email(email),
  });
  const data = personalSamples('e-1').EnrollmentSubmitted as { form: Form };
  const form = {
    ...data.form,
    parent2Name: 'Ambrose Quennell',
    parent2Email: FAMILY.secondEmail,
    parent2Phone: '9725551122',
    ...parent2,
  };
  await store.append(
    'enrollment-e-1',
    [{ id: randomUUID(), type: 'EnrollmentSubmitted', data: { ...data, form }, metadata }],
    'any',
  );
  const read = async () => ((await store.readStream('enrollment-e-1'))[0]!.data as { form: Form }).form;
  const raw = async () => JSON.stringify((await store.inner.readStream('enrollment-e-1'))[0]!.data);
  return { keys, read, raw, at: new Date('2025-06-02T00:00:00Z') };
}

describe('issue 36 item 2: a typed second parent is sealed under their own key and the contact’s', () => {
  it('given a booking naming a second parent, then their name, address and phone are in no stored byte, and read back while both keys live', async () => {
    const b = await booked();
    const raw = await b.raw();
    for (const value of ['Ambrose Quennell', FAMILY.secondEmail, '9725551122']) expect(raw).not.toContain(value);
    expect(await b.read()).toMatchObject({
      firstName: FAMILY.parentFirst,
      parent2Name: 'Ambrose Quennell',
      parent2Email: FAMILY.secondEmail,
      parent2Phone: '9725551122',
    });
  });

  it('given the second parent erased (their key destroyed), then only parent2Name, parent2Email and parent2Phone read Erased; the contact’s key and fields stay', async () => {
    const b = await booked();
    await b.keys.destroy(pseudonyms.email(FAMILY.secondEmail), b.at);
    const form = await b.read();
    expect([form.parent2Name, form.parent2Email, form.parent2Phone]).toEqual([ERASED, ERASED, ERASED]);
    expect([form.firstName, form.email]).toEqual([FAMILY.parentFirst, FAMILY.email]);
    expect((await b.keys.keysOf(pseudonyms.email(FAMILY.email))).every((k) => k.destroyedAt === null)).toBe(true);
  });

  it('given the contact erased, then the second parent’s fields read Erased too, their own key left alive', async () => {
    const b = await booked();
    await b.keys.destroy(pseudonyms.email(FAMILY.email), b.at);
    const form = await b.read();
    expect([form.firstName, form.parent2Name, form.parent2Email, form.parent2Phone]).toEqual([
      ERASED,
      ERASED,
      ERASED,
      ERASED,
    ]);
    expect((await b.keys.keysOf(pseudonyms.email(FAMILY.secondEmail))).every((k) => k.destroyedAt === null)).toBe(true);
  });

  it('given no second parent address (a name alone), then the name is the contact’s identity field and no other key is made', async () => {
    const b = await booked({ parent2Email: '' });
    expect(await b.keys.keysOf(pseudonyms.email(FAMILY.secondEmail))).toEqual([]);
    await b.keys.destroy(pseudonyms.email(FAMILY.email), b.at);
    expect((await b.read()).parent2Name).toBe(ERASED);
  });
});
