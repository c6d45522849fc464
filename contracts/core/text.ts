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
