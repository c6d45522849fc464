import { z } from 'zod';

/**
 * Characters no text field of the API accepts: C0 controls (tab, CR and LF included), DEL, C1
 * controls, the Unicode line and paragraph separators, and the bidirectional embeddings,
 * overrides and isolates (U+202A-202E, U+2066-2069). Line breaks let a value forge extra lines in
 * e-mail headers, receipts and exports; the bidi controls make text read differently from what
 * it holds ("\u202Egnp.exe").
 */
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
/** The same, with LF (U+000A) allowed: what a multi-line field may hold. */
const UNSAFE_BESIDES_LF = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const UNSAFE_RUNS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]+/g;

export const isOneLine = (value: string): boolean => !UNSAFE.test(value);
export const isCleanMultiLine = (value: string): boolean => !UNSAFE_BESIDES_LF.test(value);

export const oneLineMessage = (label: string) => `${label} cannot contain line breaks or invisible control characters.`;
export const multiLineMessage = (label: string) => `${label} cannot contain invisible control characters.`;

/**
 * A one-line text field (names, phone numbers, titles): any control character, line break or bidi
 * control is refused with a message naming the field. Checked on the value as sent, before any
 * trim, so a trailing line break is refused too. Chain .trim(), .min(), .max() after it.
 */
export const oneLineText = (label: string, params?: { error?: string }) =>
  z.string(params).refine(isOneLine, oneLineMessage(label));

/**
 * A multi-line text field (message, special requirements, descriptions): keeps LF. CRLF, which
 * some clients send for a line break, becomes LF first; a bare CR and every other control or
 * bidi character is refused with a message naming the field.
 */
export const multiLineText = (label: string, params?: { error?: string }) =>
  z
    .string(params)
    .overwrite((v) => v.replace(/\r\n/g, '\n'))
    .refine(isCleanMultiLine, multiLineMessage(label));

/**
 * For text that goes out on one line (e-mail headers, receipt lines, calendar summaries) from
 * whatever is stored, including events written before the API refused such text: every run of
 * control, separator or bidi characters becomes one space.
 */
export const toOneLine = (value: string): string => value.replace(UNSAFE_RUNS, ' ').replace(/ {2,}/g, ' ').trim();

/**
 * What shows nothing on a page: controls, format characters (zero-width space, joiners, word
 * joiner, BOM, soft hyphen, bidi marks), separators and spaces, the combining grapheme joiner, and
 * the blank "letters" (Hangul fillers, Khmer inherent vowels, the braille blank).
 */
// Combining marks stand outside the class (a class would seem to combine them with what precedes).
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5/gu;
const LETTER = /\p{L}/u;

/** Whether `value` has a letter one can see (any script), once everything invisible is left out. */
export const hasVisibleLetter = (value: string): boolean => LETTER.test(value.replace(INVISIBLE, ''));
export const noVisibleLetterMessage = (label: string) => `${label} must have at least one letter.`;

/**
 * A person's name (a parent, a child, a contact, an adult collecting a child, a signature): a
 * one-line text field that, once given, must hold a visible letter. A name made only of zero-width
 * or blank characters shows as nothing on rosters and pick-up lists, so it is refused with a
 * message naming the field. Blank (after trimming) stays for the caller's own rule (required or
 * optional). Chain .trim(), .min(), .max() after it, as after `oneLineText`.
 */
export const personName = (label: string, params?: { error?: string }) =>
  oneLineText(label, params).refine((v) => v.trim() === '' || hasVisibleLetter(v), noVisibleLetterMessage(label));

/**
 * A required e-mail address with the site's words for each way it can be wrong (missing, too long,
 * not an address). Not lower-cased here: where two addresses are compared, the caller does it.
 */
export const emailAddress = () =>
  z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Email must be at most 254 characters.')
    .pipe(z.email('Please enter a valid email address.'));
