/** RFC 5545 text and line helpers, shared by every calendar file the school writes. */

/** Lone surrogates have no UTF-8 form; they become U+FFFD, as an encoder would write them. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * RFC 5545 TEXT (3.3.11): backslash, semicolon and comma escaped; every line break (CRLF, a bare
 * CR or LF, U+2028/2029) becomes the two characters "\n"; other control and bidi characters,
 * which TEXT does not allow or which would make the text read differently, are dropped.
 */
export function icsText(value: string): string {
  return wellFormed(value)
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}
/** An instant as an iCalendar UTC DATE-TIME (20300305T160000Z). */
export const icsUtc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const LINE_OCTETS = 75;
const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Folds a content line so that no physical line is longer than 75 octets (RFC 5545 3.1): CRLF and
 * a space before each continuation, cut between code points so that no UTF-8 sequence (and no
 * surrogate pair) is split. A continuation line's leading space counts towards its 75.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of wellFormed(line)) {
    const size = utf8Length(ch.codePointAt(0)!);
    const limit = out.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}
