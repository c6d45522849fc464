import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

const saved = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = saved;
  vi.resetModules();
});

describe('the server runs React in production unless told otherwise', () => {
  it('given no NODE_ENV, when the server entry starts, then it is production', async () => {
    delete process.env.NODE_ENV;
    await import('../../../service/core/production-by-default.js');
    expect(process.env.NODE_ENV).toBe('production');
  });

  it('given NODE_ENV=development (npm run dev:server), then it is kept', async () => {
    process.env.NODE_ENV = 'development';
    await import('../../../service/core/production-by-default.js');
    expect(process.env.NODE_ENV).toBe('development');
  });

  it('is the first import of the server entry, so it comes before anything that loads React', () => {
    const entry = readFileSync(new URL('../../../service/main.ts', import.meta.url), 'utf8');
    const firstImport = /^import .*$/m.exec(entry)?.[0];
    expect(firstImport).toBe("import './core/production-by-default.js';");
  });
});
