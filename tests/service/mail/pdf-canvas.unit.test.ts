import { StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfColor, PdfCanvas } from '../../../service/mail/pdf-canvas.js';
import { pdfText } from '../../support/pdf-text.js';

const INK = pdfColor('#1f2333');

// pdf.js takes a few seconds to load the first time on a busy machine.
describe('a page drawn on the PDF canvas', { timeout: 20_000 }, () => {
  it('given lines with parentheses, backslashes and letters beyond ASCII, when read back by a viewer, then each reads as written', async () => {
    const canvas = await PdfCanvas.create({
      title: 'Test',
      author: 'School',
      creator: 'School',
      producer: 'School',
      language: 'en-US',
      createdAt: new Date('2025-05-01T15:00:00Z'),
    });
    const regular = await canvas.standardFont(StandardFonts.Helvetica);
    const bold = await canvas.standardFont(StandardFonts.HelveticaBold);
    const page = canvas.addPage({ width: 612, height: 792 });
    page.text('$0.00 (free enrollment) \\ (( unbalanced', { x: 54, y: 700, font: regular, size: 10, color: INK });
    page.text('Zoë Ångström, café', { x: 54, y: 680, font: bold, size: 10, color: INK });
    page.rectangle({ x: 54, y: 600, width: 100, height: 30, color: INK, border: INK, borderWidth: 1 });
    page.line({ x: 54, y: 590 }, { x: 558, y: 590 }, { thickness: 0.75, color: INK });

    const { text, pages } = await pdfText(await canvas.save());

    expect(pages).toBe(1);
    expect(text.split('\n')).toEqual(['$0.00 (free enrollment) \\ (( unbalanced', 'Zoë Ångström, café']);
  });
});
