import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { giftCardPdf, type PrintedCard } from '../../../service/gift-cards/card-pdf.js';
import { allTagged, pdfStructure } from '../../support/pdf-structure.js';
import { pdfText } from '../../support/pdf-text.js';
import { pdffonts, pdftotext, qpdfCheck } from '../../support/poppler.js';

const card: PrintedCard = {
  code: '2WVB-7K3M-QX9D-H4TR',
  amountCents: 5_000,
  recipientName: 'Trần Thị Hương',
  purchaserName: '美玲 Wang 王',
  message: 'Wszystkiego najlepszego, Zoë! Łódź misses you.\n生日快乐',
  scheduleUrl: 'https://greatlakesetiquette.com/schedule',
};

// pdf.js takes a few seconds to load the first time on a busy machine.
describe('the printed gift card', { timeout: 20_000 }, () => {
  it('given a card from a Chinese name to a Vietnamese one with a Polish and Chinese message, when printed, then a PDF reader reads every name and word as written', async () => {
    const bytes = await giftCardPdf(card, new Date('2025-05-01T15:00:00Z'));
    if (process.env.RECEIPT_PDF_DIR) writeFileSync(join(process.env.RECEIPT_PDF_DIR, 'gift-card.pdf'), bytes);
    const lines = (await pdfText(bytes)).text.split('\n');

    expect(lines).toContain('For Trần Thị Hương, from 美玲 Wang 王');
    expect(lines).toContain('Wszystkiego najlepszego, Zoë! Łódź misses you. 生日快乐');
    expect(lines).toContain('2WVB-7K3M-QX9D-H4TR');
    expect(lines).toContain('$50.00');
  });

  it('given a card whose names and message need Noto Sans, its italic and Noto Sans SC, when poppler reads it, then the text is exact, the file sound, each font file embedded as subsets and Noto Sans SC once', async () => {
    const bytes = await giftCardPdf(card, new Date('2025-05-01T15:00:00Z'));

    const text = pdftotext(bytes);
    expect(text).toContain('For Trần Thị Hương, from 美玲 Wang 王');
    expect(text).toContain('Wszystkiego najlepszego, Zoë! Łódź misses you. 生日快乐');
    expect(qpdfCheck(bytes)).toContain('No syntax or stream encoding errors found');
    const embedded = pdffonts(bytes).filter((f) => f.embedded);
    // The message's Chinese is drawn by the same subset of Noto Sans SC as the purchaser's name.
    expect([...new Set(embedded.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')))].sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Italic',
      'NotoSans-Regular',
      'NotoSansSC-Regular',
    ]);
    expect(embedded.filter((f) => f.name.endsWith('+NotoSansSC-Regular'))).toHaveLength(1);
    expect(embedded.every((f) => f.subset && f.toUnicode)).toBe(true);
  });

  it('given a card, when a screen reader reads it, then it is tagged: its title shown, a heading, its amount, names and code in reading order', async () => {
    const s = await pdfStructure(await giftCardPdf(card, new Date('2025-05-01T15:00:00Z')));

    expect(s.marked).toBe(true);
    expect(s.language).toBe('en-US');
    expect(s.displayDocTitle).toBe(true);
    expect(s.title).toBe('Gift card $50.00, Great Lakes School of Etiquette');
    const tree = s.tree!;
    expect(allTagged(tree, 'H1').map((h) => h.text)).toEqual(['GIFT CARD']);
    expect(
      allTagged(tree, 'P')
        .map((p) => p.text)
        .slice(0, 5),
    ).toEqual([
      'Great Lakes School of Etiquette',
      '$50.00',
      'For Trần Thị Hương, from 美玲 Wang 王',
      'Wszystkiego najlepszego, Zoë! Łódź misses you. 生日快乐',
      'CODE 2WVB-7K3M-QX9D-H4TR',
    ]);
  });
});
