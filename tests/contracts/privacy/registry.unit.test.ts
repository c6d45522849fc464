import { describe, expect, it } from 'vitest';
import { eventSchemas } from '../../../contracts/events.js';
import { privacyRegistry } from '../../../contracts/privacy/registry.js';
import { isPersonal } from '../../../contracts/privacy/classes.js';
import { leavesOf } from '../../../platform/privacy/paths.js';
import { personalSamples } from '../../support/privacy-samples.js';

const personalTypes = Object.entries(privacyRegistry).flatMap(([type, c]) =>
  isPersonal(c) ? [[type, c] as const] : [],
);

describe('the privacy registry', () => {
  it('given every event type of eventSchemas, then each says which of its fields are personal, or that none is', () => {
    const unclassified = Object.keys(eventSchemas).filter((type) => !Object.hasOwn(privacyRegistry, type));
    expect(unclassified, 'add these types to contracts/privacy/ (see classes.ts)').toEqual([]);
  });

  it('given the registry, then it classifies no type that has no schema', () => {
    expect(Object.keys(privacyRegistry).filter((type) => !Object.hasOwn(eventSchemas, type))).toEqual([]);
  });

  it('given each type with personal fields, then a sample of it exists and every path names a leaf of it', () => {
    const samples = personalSamples('e-1');
    for (const [type, c] of personalTypes) {
      const sample = samples[type];
      expect(sample, `a sample of ${type} in tests/support/privacy-samples.ts`).toBeDefined();
      expect(eventSchemas[type]!.safeParse(sample).success, `${type}'s sample parses`).toBe(true);
      for (const path of [
        ...c.identity,
        ...(c.safety ?? []),
        ...(c.shared ?? []).flatMap((g) => [...g.fields, g.subject.path]),
      ]) {
        const leaves = leavesOf(sample, path);
        expect(leaves.length, `${type}: ${path} names something in the sample`).toBeGreaterThan(0);
      }
      if (c.safety?.length) expect(c.safetyUnit, `${type} names its safety unit`).toBeDefined();
    }
  });
});
