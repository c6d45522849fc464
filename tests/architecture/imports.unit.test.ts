import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderCycles, readSources, sliceCycles, violations, type SourceFile } from './imports.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const LAYERS = ['contracts', 'platform', 'projections', 'service', 'web'] as const;
const WITH_SLICES = ['contracts', 'platform', 'projections', 'service'] as const;

/** Cycles inside a slice known and being removed, each by name: none may be added (and none is known now). */
const KNOWN_SLICE_CYCLES: Record<string, string[]> = {};

describe('imports between folders', () => {
  const files = readSources(root, LAYERS);

  it('given every source file, then each imports only what its layer may: contracts <- platform <- projections <- service, web -> contracts', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  it('given every source file, then no cycle joins two top folders, two slices of one folder, or a slice and a top-level file', () => {
    expect(folderCycles(files, WITH_SLICES)).toEqual([]);
  });

  it('given every slice, then no folder inside it (nor file at its top) imports one that imports it back, beside the known cycle', () => {
    expect(sliceCycles(files, WITH_SLICES)).toEqual(Object.values(KNOWN_SLICE_CYCLES));
  });

  it('given the service, then the payments and mail folders hold ports and adapters only: they import no other service slice', () => {
    const reaching = files
      .filter((f) => /^service\/(payments|mail)\//.test(f.path))
      .flatMap((f) =>
        f.imports
          .filter((t) => t.startsWith('service/') && !t.startsWith(f.path.split('/').slice(0, 2).join('/') + '/'))
          .map((t) => `${f.path} -> ${t}`),
      );
    expect(reaching).toEqual([]);
  });
});

describe('the import rules themselves', () => {
  const file = (path: string, ...imports: string[]): SourceFile => ({ path, imports });

  it('given a projection importing the service, then it is refused', () => {
    expect(violations([file('projections/enrollment/orders.ts', 'service/core/deps.ts')])).toEqual([
      'projections/enrollment/orders.ts -> service/core/deps.ts (projections may import only projections, contracts, platform)',
    ]);
  });

  it('given platform importing projections, contracts importing platform, or web importing the service, then each is refused', () => {
    const found = violations([
      file('platform/processor/runner.ts', 'projections/index.ts'),
      file('contracts/core/events.ts', 'platform/log.ts'),
      file('web/App.tsx', 'service/app.ts'),
    ]);
    expect(found).toHaveLength(3);
  });

  it('given two slices importing each other, or a slice importing a top-level file that imports it, then the cycle is found', () => {
    const slices = [
      file('service/payments/webhook.ts', 'service/enrollment/settle.ts'),
      file('service/enrollment/settle.ts', 'service/payments/port.ts'),
    ];
    expect(folderCycles(slices, ['service'])).toEqual([['service/enrollment', 'service/payments']]);
    const root = [
      file('service/app.ts', 'service/enrollment/routes.ts'),
      file('service/enrollment/routes.ts', 'service/app.ts'),
    ];
    expect(folderCycles(root, ['service'])).toEqual([['service/app.ts', 'service/enrollment']]);
  });

  it('given two folders of one slice importing each other, or through a third, then the cycle is found; across slices it is not theirs', () => {
    const inside = [
      file('service/enrollment/sale/routes.ts', 'service/enrollment/emails/outbox-routes.ts'),
      file('service/enrollment/emails/reactor.ts', 'service/enrollment/after-sale/booking-link.ts'),
      file('service/enrollment/after-sale/transfer.ts', 'service/enrollment/sale/enroll.ts'),
      file('service/core/errors.ts', 'service/core/refusal-answers.ts'),
      file('service/core/refusal-answers.ts', 'service/core/errors.ts'),
      file('service/catalogue/seats.ts', 'service/enrollment/sale/enroll.ts'),
      file('service/enrollment/decider/state.ts', 'service/catalogue/seats.ts'),
    ];
    expect(sliceCycles(inside, ['service'])).toEqual([
      ['service/enrollment/after-sale', 'service/enrollment/emails', 'service/enrollment/sale'],
      ['service/core/errors.ts', 'service/core/refusal-answers.ts'],
    ]);
  });

  it('given imports in one direction only, then no cycle is found', () => {
    expect(
      folderCycles(
        [
          file('service/enrollment/a.ts', 'service/catalogue/b.ts', 'projections/x/c.ts'),
          file('projections/x/c.ts', 'platform/log.ts'),
        ],
        WITH_SLICES,
      ),
    ).toEqual([]);
  });
});
