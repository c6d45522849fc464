import { describe, expect, it } from 'vitest';
import { foldLine, icsText, workshopIcs } from '../../../service/enrollment/emails/ics.js';

const item = {
  kind: 'workshop' as const,
  id: '4',
  title: 'Princess Tea Party',
  date: '2025-06-07T12:30:00-05:00',
  time: '12:30 PM - 2:00 PM',
  location: 'Plano',
  instructor: 'Margaret Ellison',
  duration: '1.5 hours',
  category: 'tea-party',
  attire: '',
  unitPriceCents: 7500,
};
const ics = (title: string, location = 'Plano') =>
  workshopIcs({
    uid: 'ORD-1@x',
    item: { ...item, title, location },
    orderId: 'ORD-1',
    stamp: new Date('2025-05-01T15:00:00Z'),
  })!;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** The physical lines as octets, split on CRLF at the byte level. */
function physicalLines(text: string): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
    }
  }
  lines.push(bytes.subarray(start));
  return lines;
}
/** RFC 5545 3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('.ics line folding', () => {
  const title = 'Thé dansant ☕ 🎩 '.repeat(12).trim();

  it('given a title of accented letters, a 3-octet and a 4-octet character repeated, then every physical line is at most 75 octets and decodes as UTF-8 on its own', () => {
    const lines = physicalLines(ics(title));
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      expect(() => strictUtf8.decode(line)).not.toThrow();
    }
  });

  it('given that title, then unfolding gives back the SUMMARY line as written', () => {
    const unfolded = unfold(ics(title)).split('\r\n');
    expect(unfolded).toContain(`SUMMARY:${title}`);
    expect(unfolded).toContain(`DESCRIPTION:${title} tomorrow`);
  });

  it('given lines of every length around the limit, then folding never splits a character and unfolds to the original', () => {
    for (let n = 60; n < 200; n++) {
      const line = `SUMMARY:${'é'.repeat(n % 7)}${'🎩a☕'.repeat(n)}`;
      const folded = foldLine(line);
      for (const physical of physicalLines(folded)) {
        expect(physical.length).toBeLessThanOrEqual(75);
        expect(() => strictUtf8.decode(physical)).not.toThrow();
      }
      expect(unfold(folded)).toBe(line);
    }
  });

  it('given a short line, then it is left whole', () => {
    expect(foldLine('SUMMARY:Tea')).toBe('SUMMARY:Tea');
  });
});

describe('.ics text escaping', () => {
  it('given backslash, semicolon, comma and line breaks (LF, CRLF, a bare CR), then each is escaped and no raw CR or LF is left', () => {
    expect(icsText('Tea; cakes, \\ more\nline\r\nnext\rlast')).toBe('Tea\\; cakes\\, \\\\ more\\nline\\nnext\\nlast');
  });

  it('given a title stored with a bare CR and a forged property, then the calendar keeps it inside SUMMARY', () => {
    const text = ics('Tea\rATTENDEE:mailto:evil@example.com\r\nLOCATION:Elsewhere');
    const lines = unfold(text).split('\r\n');
    expect(lines.filter((l) => l.startsWith('ATTENDEE'))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('LOCATION'))).toEqual(['LOCATION:Plano']);
    expect(lines).toContain('SUMMARY:Tea\\nATTENDEE:mailto:evil@example.com\\nLOCATION:Elsewhere');
    // CRLF appears only as the line ending: no CR or LF stands alone anywhere in the file.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it("given the organiser's name, then it is a quoted parameter value, not an escaped text", () => {
    expect(unfold(ics('Tea')).split('\r\n')).toContain(
      'ORGANIZER;CN="Great Lakes Etiquette":mailto:hello@greatlakesetiquette.com',
    );
  });

  it('given control and bidi characters, then they are dropped and a lone surrogate becomes U+FFFD', () => {
    expect(icsText('Tea\u0000\u0007\u202E party\uD800')).toBe('Tea party\uFFFD');
  });
});
