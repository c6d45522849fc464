import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { privacyRegistry } from '../../../contracts/privacy/registry.js';
import { ERASED } from '../../../contracts/privacy/classes.js';
import { encryptingEventStore } from '../../../platform/eventstore/encrypting.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import type { KeyStore } from '../../../platform/keystore/port.js';
import { MemoryKeyStore } from '../../../platform/keystore/memory.js';
import { createPseudonyms } from '../../../service/core/pseudonyms.js';
import { personalSamples } from '../../support/privacy-samples.js';

/**
 * An EnrollmentSubmitted sealed by the first implementation of the encrypting store (before it was
 * made faster), with the two keys it was sealed under: what a store written then holds.
 */
const v1 = JSON.parse(readFileSync(new URL('./fixtures/sealed-v1.json', import.meta.url), 'utf8')) as {
  keys: Record<string, string>;
  clear: unknown;
  sealed: unknown;
};

/** A key store holding the fixture's keys, those in `gone` destroyed. */
const fixtureKeys = (gone: string[] = []): KeyStore => {
  const byId = new Map(
    Object.entries(v1.keys).map(([id, k]) => [id, gone.includes(id) ? null : Buffer.from(k, 'base64')]),
  );
  return Object.assign(new MemoryKeyStore(), {
    keyById: async (id: string) => byId.get(id) ?? null,
    keysById: async (ids: readonly string[]) => new Map(ids.map((id) => [id, byId.get(id) ?? null])),
  });
};

const metadata = { correlationId: 'c', causationId: 'c', actor: 'visitor' as const, at: '2025-06-01T10:00:00.000Z' };
const pseudonyms = createPseudonyms('fixture-secret');

async function storeHolding(keys: KeyStore) {
  const inner = new MemoryEventStore();
  await inner.append(
    'enrollment-e-sealed-v1',
    [{ id: randomUUID(), type: 'EnrollmentSubmitted', data: v1.sealed, metadata }],
    'no_stream',
  );
  return encryptingEventStore(inner, { registry: privacyRegistry, keys, subjectOfEmail: (e) => pseudonyms.email(e) });
}

describe('events sealed by the first implementation', () => {
  it('given a submission stored before the faster sealing, when read, then it decrypts to what was written', async () => {
    const store = await storeHolding(fixtureKeys());
    const [event] = await store.readAll();
    expect(event!.data).toEqual(v1.clear);
  });

  it('given its safety key destroyed, when read, then the safety fields read as erased and the names stay', async () => {
    const safetyKey = (v1.sealed as { $privacy: { b: { safety: { k: string } } } }).$privacy.b.safety.k;
    const store = await storeHolding(fixtureKeys([safetyKey]));
    const [event] = await store.readAll();
    expect((event!.data as { form: unknown }).form).toMatchObject({
      firstName: 'Wilhelmina',
      emergencyContact1Name: ERASED,
      participantDetails: [{ dietaryRestrictions: ERASED }, {}],
    });
  });

  it('given the same submission sealed now, then it has the same shape: the subject, and per scope a key id and one ciphertext', async () => {
    const store = encryptingEventStore(new MemoryEventStore(), {
      registry: privacyRegistry,
      keys: new MemoryKeyStore(),
      subjectOfEmail: (e) => pseudonyms.email(e),
    });
    const clear = personalSamples('e-sealed-v1').EnrollmentSubmitted;
    const before = structuredClone(clear);
    const sealed = (await store.sealData('enrollment-e-sealed-v1', 'EnrollmentSubmitted', clear)) as Record<
      string,
      unknown
    >;
    const old = v1.sealed as Record<string, unknown>;
    expect(clear, 'the caller’s data is left as it was').toEqual(before);
    // Everything but the ciphertexts and key ids is as the first implementation wrote it.
    const blank = (d: Record<string, unknown>) => {
      const { $privacy, ...rest } = d as { $privacy: { v: number; s: string; b: Record<string, unknown> } };
      return { rest, v: $privacy.v, s: $privacy.s, scopes: Object.keys($privacy.b) };
    };
    expect(blank(sealed)).toEqual(blank(old));
  });
});
