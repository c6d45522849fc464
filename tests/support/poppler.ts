import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs a command-line tool on a PDF written to a temporary file, and returns what it printed. */
function onFile(bytes: Uint8Array, run: (file: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as poppler's `pdftotext -layout` extracts it (the ToUnicode maps, not the glyphs). */
export const pdftotext = (bytes: Uint8Array) =>
  onFile(bytes, (file) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));

/** One font of a PDF as poppler's `pdffonts` lists it. */
export interface ListedFont {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
  toUnicode: boolean;
}

export function pdffonts(bytes: Uint8Array): ListedFont[] {
  const out = onFile(bytes, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  // After the two header lines, each line ends in: encoding, emb, sub, uni, object number, generation.
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      const [emb, sub, uni] = cells.slice(-5, -2);
      return {
        name: cells[0]!,
        type: cells.slice(1, -6).join(' '),
        embedded: emb === 'yes',
        subset: sub === 'yes',
        toUnicode: uni === 'yes',
      };
    });
}

/** What qpdf's structural check says of a PDF; it throws (exit status 2) when the file is damaged. */
export const qpdfCheck = (bytes: Uint8Array) =>
  onFile(bytes, (file) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' }));
