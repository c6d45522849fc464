/**
 * Gift card codes: 80 random bits written in Crockford's base 32 (digits and capitals without I,
 * L, O and U, so nothing reads as another character aloud), 16 characters in four groups:
 * "7QXM-3KPD-9HRT-2WVB". What a parent types is read generously: lower case, spaces, dashes, and
 * O, I and L for 0, 1 and 1.
 */
export const GIFT_CARD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 16;

/** The 16 characters of a code as typed, or null when it cannot be one. */
export function normalizeGiftCardCode(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (plain.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of plain) if (!GIFT_CARD_ALPHABET.includes(ch)) return null;
  return plain;
}

/** "7QXM3KPD9HRT2WVB" → "7QXM-3KPD-9HRT-2WVB" */
export const groupGiftCardCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** The last four characters, which lines and lists show instead of the whole code. */
export const giftCardLast4 = (code: string) => code.slice(-4);

/** Bytes (10 of them: 80 bits) to a code, five bits a character. */
export function giftCardCodeFromBytes(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += GIFT_CARD_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out.slice(0, GIFT_CARD_CODE_LENGTH);
}
