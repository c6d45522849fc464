import type fontkit from '@pdf-lib/fontkit';

/** A glyph as fontkit's TrueType subset writes it: its data in the glyf table and its horizontal metrics. */
interface WrittenGlyph {
  data: Uint8Array;
  metric: unknown;
}

/** What subsetOf reaches into: fontkit's TrueType subset while it writes its glyf, loca and hmtx tables. */
interface TtfSubsetInternals {
  _addGlyph(gid: number): number;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: unknown[] };
  offset: number;
}

/** Each font's simple glyphs as written once: the same bytes in every subset of the font. */
const writtenGlyphs = new WeakMap<fontkit.Font, Map<number, WrittenGlyph>>();

/**
 * A subset of `font` whose glyphs each take an even number of bytes, and whose simple glyphs are
 * decoded once per process.
 *
 * fontkit 1.x (and @pdf-lib/fontkit, its fork) writes a small subset's loca table in the short
 * format, which stores each offset halved: after a glyph of odd length (Noto Sans has many) every
 * later offset is off by one and those glyphs draw nothing, or garbage, though the text still
 * extracts. fontkit 2 keeps the source font's format (foliojs/fontkit#191); here each glyph is
 * padded by a zero byte instead, which TrueType allows (a glyph's data ends where loca says).
 *
 * fontkit decodes each glyph again for every subset, only to learn whether it is made of others
 * (a compound glyph, whose components it renumbers): a fifth of a receipt's CPU. A simple glyph's
 * data and metrics are kept from the first subset that wrote it and given to the next as they are.
 */
export function subsetOf(font: fontkit.Font): fontkit.Subset {
  const subset = font.createSubset();
  const ttf = subset as unknown as TtfSubsetInternals;
  if (typeof ttf._addGlyph !== 'function') return subset; // a CFF font's subset has no loca table
  let written = writtenGlyphs.get(font);
  if (!written) writtenGlyphs.set(font, (written = new Map()));
  const addGlyph = ttf._addGlyph.bind(ttf);
  ttf._addGlyph = (gid) => {
    const known = written.get(gid);
    if (known) {
      // What fontkit's _addGlyph does with a glyph's bytes once it has them.
      ttf.glyf.push(known.data);
      ttf.loca.offsets.push(ttf.offset);
      ttf.hmtx.metrics.push(known.metric);
      ttf.offset += known.data.length;
      return ttf.glyf.length - 1;
    }
    const index = addGlyph(gid);
    let data = ttf.glyf[index]!;
    if (data.length % 2 === 1) {
      // Of fontkit's own Buffer class (its bundled polyfill), which its stream accepts and Node's it does not.
      const padded = (data.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(data.length + 1);
      padded.set(data);
      ttf.glyf[index] = data = padded;
      ttf.offset += 1;
    }
    // A glyph with no outline, or a simple one (numberOfContours, the first int16, not negative).
    if (data.length < 2 || (data[0]! & 0x80) === 0) written.set(gid, { data, metric: ttf.hmtx.metrics[index] });
    return index;
  };
  return subset;
}

/** fontkit's writer: its bytes pushed chunk by chunk, as a readable stream would take them. */
interface EncodeStream {
  push(chunk: Uint8Array | null): boolean;
  flush(): void;
}
type EncodeStreamClass = new (bufferSize?: number) => EncodeStream;
interface EncodingSubset {
  encode(stream: EncodeStream): void;
  encodeStream(): EncodeStream;
}

let encodeStreamClass: EncodeStreamClass | undefined;

/**
 * The subset's TrueType file, written at once. fontkit's own `encodeStream` writes it on a later
 * tick through its bundled browser polyfills of `process.nextTick` (a setTimeout) and of a
 * readable stream, each chunk an event: the timers and events cost more than the writing. Here
 * its writer (its class taken once, from a subset that writes nothing) hands each chunk over as
 * it is pushed, and the subset is written synchronously; an error in it throws here.
 */
export function subsetBytes(subset: fontkit.Subset): Buffer {
  const writer = subset as unknown as EncodingSubset;
  if (!encodeStreamClass) {
    const empty = Object.assign(Object.create(Object.getPrototypeOf(writer) as object) as EncodingSubset, {
      encode: () => {},
    });
    encodeStreamClass = Object.getPrototypeOf(empty.encodeStream()).constructor as EncodeStreamClass;
  }
  const parts: Uint8Array[] = [];
  const stream = new encodeStreamClass(16_384);
  stream.push = (chunk) => {
    if (chunk) parts.push(chunk);
    return true;
  };
  writer.encode(stream);
  stream.flush();
  return Buffer.concat(parts);
}
