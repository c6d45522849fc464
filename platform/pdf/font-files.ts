import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';

/** A TrueType font file of an installed package, by its path in node_modules. */
export interface FontFile {
  readonly module: string;
}

/**
 * Noto Sans writes Latin (Vietnamese and Polish included), Greek and Cyrillic; Noto Sans SC the
 * Chinese characters (and kana) Noto Sans lacks. Both SIL Open Font License: a subset may be
 * embedded in any document.
 */
export const NOTO = {
  sans: { module: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' },
  sansBold: { module: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' },
  sansItalic: { module: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf' },
  sansSc: { module: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf' },
  sansScBold: { module: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf' },
} as const satisfies Record<string, FontFile>;

/** A glyph as a PDF needs it: its id in the font, and its advance in thousandths of the font size. */
export interface GlyphMetrics {
  id: number;
  width: number;
}

/** A font file parsed, with the glyphs looked up so far (the same in every document). */
export interface LoadedFont {
  readonly file: FontFile;
  readonly font: fontkit.Font;
  /** Thousandths of the font size per unit of the font's em. */
  readonly scale: number;
  /** The glyph of a code point, or null when the font has none. */
  glyph(codePoint: number): GlyphMetrics | null;
}

const require = createRequire(import.meta.url);
const loaded = new Map<FontFile, LoadedFont>();

/**
 * A font file, read and parsed the first time a document needs it, then kept for the life of the
 * process: Noto Sans SC is 10 MB and costs about 50 ms to read and parse, so it is read only when a
 * document draws a character Noto Sans lacks, and once. fontkit reads the glyphs' outlines from the
 * kept bytes when a document's subset is written.
 */
export function loadFont(file: FontFile): LoadedFont {
  let font = loaded.get(file);
  if (!font) loaded.set(file, (font = parse(file)));
  return font;
}

function parse(file: FontFile): LoadedFont {
  const font = fontkit.create(readFileSync(require.resolve(file.module)));
  const scale = 1000 / font.unitsPerEm;
  const glyphs = new Map<number, GlyphMetrics | null>();
  return {
    file,
    font,
    scale,
    glyph(codePoint) {
      let glyph = glyphs.get(codePoint);
      if (glyph === undefined) {
        // The character map alone, no shaping: fontkit's layout (its ccmp feature) takes "ị" apart
        // into "i" and a combining dot and rewrites the cached "i" as "ị", so every later "i" of
        // the document would read back as "ị". Text is composed (NFC) first, so every Vietnamese
        // and Polish letter has a glyph of its own.
        const found = font.hasGlyphForCodePoint(codePoint) ? font.glyphForCodePoint(codePoint) : null;
        // Whole thousandths, as the PDF's widths array gives them: what is measured is what is drawn.
        glyph = found ? { id: found.id, width: Math.round(found.advanceWidth * scale) } : null;
        glyphs.set(codePoint, glyph);
      }
      return glyph;
    },
  };
}

/** Whether a font file was read in this process (for tests of laziness). */
export const isLoaded = (file: FontFile) => loaded.has(file);

/** The typefaces a document draws names and sentences with: Noto Sans, falling back to Noto Sans SC. */
export const TYPEFACES = {
  sans: [NOTO.sans, NOTO.sansSc],
  sansBold: [NOTO.sansBold, NOTO.sansScBold],
  // Chinese has no italic: upright characters in a slanted line, as a word processor sets them.
  sansItalic: [NOTO.sansItalic, NOTO.sansSc],
} as const satisfies Record<string, readonly FontFile[]>;
