import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfColor, PdfCanvas, type PageCanvas } from '../../../platform/pdf/canvas.js';
import { loadFont, NOTO, TYPEFACES } from '../../../platform/pdf/font-files.js';
import { allTagged, pdfStructure } from '../../support/pdf-structure.js';
import { pdfText } from '../../support/pdf-text.js';

const INK = pdfColor('#1f2333');

const blank = () =>
  PdfCanvas.create({
    title: 'Test',
    author: 'School',
    creator: 'School',
    producer: 'School',
    language: 'en-US',
    createdAt: new Date('2025-05-01T15:00:00Z'),
  });

/** Draws each line in Noto Sans (and its fallbacks), one under the other, in one paragraph each, and saves. */
async function drawn(lines: string[], draw?: (canvas: PdfCanvas, page: PageCanvas) => void): Promise<Uint8Array> {
  const canvas = await blank();
  const page = canvas.addPage({ width: 612, height: 792 });
  const font = canvas.font(TYPEFACES.sans);
  for (const [i, line] of lines.entries())
    page.text(line, { x: 54, y: 700 - 20 * i, font, size: 10, color: INK, tag: canvas.root.tag('P') });
  draw?.(canvas, page);
  return canvas.save();
}

/** The fonts embedded in a PDF: each subset's name and the size of its font file. */
async function embeddedFonts(bytes: Uint8Array): Promise<{ name: string; bytes: number }[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, obj]) => obj)
    .filter(
      (obj): obj is PDFDict => obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'),
    )
    .map((d) => ({
      name: d.get(PDFName.of('FontName'))!.toString().slice(1),
      bytes: (doc.context.lookup(d.get(PDFName.of('FontFile2'))) as PDFRawStream).getContentsSize(),
    }));
}

/**
 * Each Type0 font of a PDF as a font program would read it: its embedded subset parsed by fontkit,
 * and the characters each CID was drawn for (its ToUnicode map).
 */
async function subsets(
  bytes: Uint8Array,
): Promise<{ name: string; subset: fontkit.Font; cids: Map<number, string> }[]> {
  const doc = await PDFDocument.load(bytes);
  const contents = (ref: unknown) => inflateOrRaw(doc.context.lookup(ref as never) as PDFRawStream);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, obj]) => obj)
    .filter((obj): obj is PDFDict => obj instanceof PDFDict && obj.get(PDFName.of('Subtype')) === PDFName.of('Type0'))
    .map((type0) => {
      const cidFont = doc.context.lookup((type0.get(PDFName.of('DescendantFonts')) as PDFArray).get(0)) as PDFDict;
      const descriptor = doc.context.lookup(cidFont.get(PDFName.of('FontDescriptor'))) as PDFDict;
      const cids = new Map<number, string>();
      for (const [, cid, text] of contents(type0.get(PDFName.of('ToUnicode')))
        .toString('latin1')
        .matchAll(/^<([0-9a-f]{4})> <([0-9a-f]+)>$/gm))
        cids.set(Number.parseInt(cid!, 16), Buffer.from(text!, 'hex').swap16().toString('utf16le'));
      return {
        name: descriptor.get(PDFName.of('FontName'))!.toString().slice(8),
        subset: fontkit.create(contents(descriptor.get(PDFName.of('FontFile2')))),
        cids,
      };
    });
}

function inflateOrRaw(stream: PDFRawStream): Buffer {
  const raw = Buffer.from(stream.getContents());
  return stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? inflateSync(raw) : raw;
}

// pdf.js takes a few seconds to load the first time on a busy machine.
describe('a page drawn on the PDF canvas', { timeout: 20_000 }, () => {
  it('given lines with parentheses, backslashes and letters beyond ASCII in the standard fonts, when read back by a viewer, then each reads as written', async () => {
    const canvas = await blank();
    const regular = await canvas.standardFont(StandardFonts.Helvetica);
    const bold = await canvas.standardFont(StandardFonts.HelveticaBold);
    const page = canvas.addPage({ width: 612, height: 792 });
    const tag = canvas.root.tag('P');
    page.text('$0.00 (free enrollment) \\ (( unbalanced', { x: 54, y: 700, font: regular, size: 10, color: INK, tag });
    page.text('Zoë Ångström, café', { x: 54, y: 680, font: bold, size: 10, color: INK, tag });
    page.rectangle({ x: 54, y: 600, width: 100, height: 30, color: INK, border: INK, borderWidth: 1 });
    page.line({ x: 54, y: 590 }, { x: 558, y: 590 }, { thickness: 0.75, color: INK });

    const { text, pages } = await pdfText(await canvas.save());

    expect(pages).toBe(1);
    expect(text.split('\n')).toEqual(['$0.00 (free enrollment) \\ (( unbalanced', 'Zoë Ångström, café']);
  });

  it('given Vietnamese, Polish and a ligature-prone English word in Noto Sans, when read back, then every letter is the one given (no "ị" for "i", no "ﬁ")', async () => {
    const lines = [
      'Trần Thị Hương',
      'Zoë Müller-Łukasiewicz',
      'office fifty affiliated, Đặng Świętosław',
      'ĄĆĘŁŃÓŚŹŻ ąćęłńóśźż',
    ];

    const { text } = await pdfText(await drawn(lines));

    expect(text.split('\n')).toEqual(lines);
  });

  it('given Vietnamese, Polish, Chinese and glyphs of odd byte lengths, when the embedded subsets of a second document are read as fonts, then the glyph of each CID is the outline of the character it was drawn for', async () => {
    // A document before it, whose glyphs the next one's subsets take as the first one wrote them.
    await drawn(['Thị Hương RECEIPT 王']);
    const bytes = await drawn([
      'Trần Thị Hương RECEIPT WORKSHOP Zoë Müller-Łukasiewicz',
      '美玲 Wang 王, 王小明 (Xiǎomíng)',
    ]);
    const sources: Record<string, fontkit.Font> = {
      'NotoSans-Regular': loadFont(NOTO.sans).font,
      'NotoSansSC-Regular': loadFont(NOTO.sansSc).font,
    };

    const found = await subsets(bytes);

    // Noto Sans twice: its shared subset (printable ASCII) and the document's own for the rest.
    expect(found.map((f) => f.name).sort()).toEqual(['NotoSans-Regular', 'NotoSans-Regular', 'NotoSansSC-Regular']);
    for (const { name, subset, cids } of found)
      for (const [cid, text] of cids) {
        const source = sources[name]!.glyphForCodePoint(text.codePointAt(0)!);
        expect({ text, outline: subset.getGlyph(cid).path.toSVG() }).toEqual({ text, outline: source.path.toSVG() });
      }
  });

  it('given Latin text only, when saved, then Noto Sans alone is embedded, as its shared subset and a small one of the document for the letters beyond ASCII, and no Chinese font at all', async () => {
    const fonts = await embeddedFonts(await drawn(['Trần Thị Hương, Zoë Müller-Łukasiewicz']));

    expect(fonts.map((f) => f.name)).toEqual([
      expect.stringMatching(/^[A-Z]{6}\+NotoSans-Regular$/),
      expect.stringMatching(/^[A-Z]{6}\+NotoSans-Regular$/),
    ]);
    // The whole file is 629 KB.
    expect(fonts.every((f) => f.bytes < 20_000)).toBe(true);
  });

  it('given two documents of different ASCII text, when saved, then both embed the one subset of printable ASCII made once, byte for byte, and no other', async () => {
    const [a, b] = [await embeddedFonts(await drawn(['Ada Lovelace'])), await embeddedFonts(await drawn(['Zed {~}']))];

    expect(a).toHaveLength(1);
    expect(b).toEqual(a);
    expect(a[0]!.name).toMatch(/^[A-Z]{6}\+NotoSans-Regular$/);
  });

  it('given a name mixing Chinese and Latin, when saved, then the Chinese characters come from a small subset of Noto Sans SC, the Latin from Noto Sans, and the name reads back whole', async () => {
    const bytes = await drawn(['美玲 Wang 王', '王小明、李华。']);

    const fonts = await embeddedFonts(bytes);
    expect(fonts.map((f) => f.name.slice(7)).sort()).toEqual(['NotoSans-Regular', 'NotoSansSC-Regular']);
    // The whole file is 10 MB.
    expect(fonts.find((f) => f.name.endsWith('SC-Regular'))!.bytes).toBeLessThan(20_000);
    expect((await pdfText(bytes)).text.split('\n')).toEqual(['美玲 Wang 王', '王小明、李华。']);
  });

  it('given a character neither font has, when drawn, then a question mark stands in its place and the rest of the line is drawn', async () => {
    const { text } = await pdfText(await drawn(['Ava \u{1F600} Smith']));

    expect(text).toBe('Ava ? Smith');
  });

  it('given the same lines in two documents, when saved, then the fonts embedded are the same bytes (the subsets are named from their glyphs, not at random)', async () => {
    const [a, b] = await Promise.all([drawn(['美玲 Wang 王']), drawn(['美玲 Wang 王'])]);

    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('given a paragraph drawn on two pages, when saved, then its element names its first page and the text there by MCID alone, and the text of the second page by a reference naming that page', async () => {
    const canvas = await blank();
    const font = canvas.font(TYPEFACES.sans);
    const tag = canvas.root.tag('P');
    const [first, second] = [canvas.addPage({ width: 612, height: 792 }), canvas.addPage({ width: 612, height: 792 })];
    first.text('Begun here', { x: 54, y: 700, font, size: 10, color: INK, tag });
    second.text('and ended here', { x: 54, y: 700, font, size: 10, color: INK, tag });

    const doc = await PDFDocument.load(await canvas.save());
    const paragraph = doc.context
      .enumerateIndirectObjects()
      .map(([, obj]) => obj)
      .find((obj): obj is PDFDict => obj instanceof PDFDict && obj.get(PDFName.of('S')) === PDFName.of('P'))!;
    const [page1, page2] = doc.getPages().map((p) => p.ref);
    const kids = paragraph.get(PDFName.of('K')) as PDFArray;

    expect(paragraph.get(PDFName.of('Pg'))).toBe(page1);
    expect(kids.get(0).toString()).toBe('0');
    const reference = kids.get(1) as PDFDict;
    expect([reference.get(PDFName.of('Pg')), reference.get(PDFName.of('MCID'))?.toString()]).toEqual([page2, '0']);
  });

  it('given a text measured, then its width is the sum of its glyphs in each font: a Chinese character is one em', async () => {
    const canvas = await blank();
    const font = canvas.font(TYPEFACES.sans);

    expect(font.widthOfTextAtSize('王', 10)).toBe(10);
    expect(font.widthOfTextAtSize('王王 王', 10)).toBeCloseTo(30 + font.widthOfTextAtSize(' ', 10), 5);
  });

  it('given text tagged as paragraphs and a page number as an artifact, when a screen reader reads it, then it finds the paragraphs in order and not the page number, rules or boxes', async () => {
    const bytes = await drawn(['First', 'Second'], (canvas, page) => {
      page.text('Page 1 of 1', {
        x: 500,
        y: 54,
        font: canvas.font(TYPEFACES.sans),
        size: 9,
        color: INK,
        tag: 'artifact',
      });
      page.line({ x: 54, y: 590 }, { x: 558, y: 590 }, { thickness: 0.75, color: INK });
      // An element with nothing drawn in it is left out of the tree.
      canvas.root.tag('H1');
    });

    const s = await pdfStructure(bytes);
    expect(s.marked).toBe(true);
    expect(s.tree!.map((t) => t.role)).toEqual(['Document']);
    expect(s.tree![0]!.children.map((c) => `${c.role} ${c.text}`)).toEqual(['P First', 'P Second']);
    expect(allTagged(s.tree!, 'H1')).toEqual([]);
    expect((await pdfText(bytes)).text).toContain('Page 1 of 1');
  });
});
