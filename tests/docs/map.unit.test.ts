import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allProjectors } from '../../projections/index.js';
import type { AppDeps } from '../../service/core/deps.js';
import { reactorsFor } from '../../service/compose.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const map = read('docs/ARCHITECTURE.md');
const RECORD = /^(\d{3})-[a-z0-9]+(-[a-z0-9]+)*\.md$/;
const records = existsSync(join(root, 'docs/decisions'))
  ? readdirSync(join(root, 'docs/decisions')).filter((f) => f !== 'README.md')
  : [];

describe('the map', () => {
  it('given docs/ARCHITECTURE.md, then it fits in 250 lines: a map, with the decisions in their records', () => {
    expect(map.trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });

  it('given every reactor the processor runs and every read model, then the map names each (in backticks)', () => {
    // The names only: no reactor here is started, so it needs none of its dependencies.
    const reactors = reactorsFor({} as AppDeps).map((r) => r.name);
    const readModels = allProjectors.map((p) => p.name);
    expect([...reactors, ...readModels].filter((name) => !map.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('the decision records', () => {
  it('given docs/decisions/, then each record is NNN-<slug>.md, numbered once, with Context, Decision and Consequences in that order', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((f) => !RECORD.test(f))).toEqual([]);
    const numbers = records.map((f) => f.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
    const headings = (f: string) =>
      read(`docs/decisions/${f}`)
        .split('\n')
        .filter((l) => l.startsWith('## '))
        .map((l) => l.slice(3).trim());
    expect(records.filter((f) => headings(f).join(',') !== 'Context,Decision,Consequences')).toEqual([]);
  });

  it('given the index, then it links every record once and nothing else, and the map links the index', () => {
    const index = read('docs/decisions/README.md');
    const linked = [...index.matchAll(/\]\(\.?\/?(\d{3}-[^)#]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.sort()).toEqual([...records].sort());
    expect(map).toContain('decisions/README.md');
  });
});
