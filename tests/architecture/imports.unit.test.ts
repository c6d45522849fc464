import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderCycles, readSources, violations, type SourceFile } from './imports.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const LAYERS = ['contracts', 'platform', 'projections', 'service', 'web'] as const;
const WITH_SLICES = ['contracts', 'platform', 'projections', 'service'] as const;

describe('imports between folders', () => {
  const files = readSources(root, LAYERS);

  it('given every source file, then each imports only what its layer may: contracts <- platform <- projections <- service, web -> contracts', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  it('given every source file, then no cycle joins two top folders, two slices of one folder, or a slice and a top-level file', () => {
    expect(folderCycles(files, WITH_SLICES)).toEqual([]);
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
