import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../vite.precompress.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the build precompresses its files', () => {
  it('given a build folder, then each compressible file of 1 KB or more gets a .br and a .gz that decode to it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = Buffer.from('export const x = 1;\n'.repeat(200));
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
    writeFileSync(join(dir, 'assets', 'tiny-1a2b.css'), 'a{}');
    writeFileSync(join(dir, 'photo.jpg'), Buffer.alloc(4096, 7));
    const plugin = precompress(dir);
    await (plugin.closeBundle as () => Promise<void>)();
    const file = join(dir, 'assets', 'app-1a2b.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(script)).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(script)).toBe(true);
    expect(existsSync(join(dir, 'assets', 'tiny-1a2b.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'photo.jpg.gz'))).toBe(false);
  });
});
