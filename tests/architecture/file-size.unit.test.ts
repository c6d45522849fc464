import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINES = 300;

/** Files over the limit while someone splits them, each by name with why: none now, and none may be added. */
const BEING_SPLIT: Record<string, string> = {};

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const lines = (path: string) => readFileSync(join(root, path), 'utf8').split('\n').length - 1;

describe('file sizes', () => {
  it(`given every file of the service, then none is over ${MAX_LINES} lines, beside those being split`, () => {
    const over = sources('service')
      .filter((path) => lines(path) > MAX_LINES)
      .sort();
    expect(over.filter((path) => !(path in BEING_SPLIT))).toEqual([]);
  });
});
