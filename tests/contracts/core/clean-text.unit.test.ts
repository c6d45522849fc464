import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { multiLineText, oneLineText, toOneLine } from '../../../contracts/core/text.js';
import {
  BaseEnrollmentFormSchema,
  EnrollmentFormDataSchema,
  StrictEnrollmentFormSchema,
} from '../../../contracts/enrollment/form.js';
import { EnrollProgramRequestSchema, EnrollWorkshopExtrasSchema } from '../../../contracts/enrollment/api.js';
import { ConsultationRequestSchema, ContactMessageSchema } from '../../../contracts/inquiries/inquiry.js';
import { AdminProgramInputSchema, AdminWorkshopInputSchema } from '../../../contracts/admin/catalogue-forms.js';
import { EnrollmentListQuerySchema } from '../../../contracts/admin/enrollments.js';
import {
  CreatePaymentIntentRequestSchema,
  CreateTestChargeRequestSchema,
  OfflineConfirmRequestSchema,
  VerifyPaymentRequestSchema,
} from '../../../contracts/payments/api.js';
import { strictForm } from '../../support/enrollment-forms.js';
import { GiftCardPurchaseRequestSchema } from '../../../contracts/gift-cards/api.js';
import { CreateDiscountCodeRequestSchema } from '../../../contracts/pricing/discount-codes.js';

/** One of each kind the helpers refuse: C0, CR, LF, DEL, C1, the separators, bidi controls. */
const REFUSED = [
  '\u0000',
  '\t',
  '\r',
  '\n',
  '\r\n',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u009B',
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202E',
  '\u2066',
  '\u2069',
];

describe('oneLineText', () => {
  const name = oneLineText('First name').trim().min(2);

  it.each(REFUSED.map((c) => [JSON.stringify(c), c]))(
    'given a name holding %s, then it is refused with a message naming the field',
    (_, c) => {
      const result = name.safeParse(`Ele${c}anor`);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(
        'First name cannot contain line breaks or invisible control characters.',
      );
    },
  );

  it('given a trailing line break, then it is refused rather than trimmed away', () => {
    expect(name.safeParse('Eleanor\r\n').success).toBe(false);
  });

  it('given names in other scripts, accents, emoji and punctuation, then they are accepted unchanged', () => {
    for (const ok of ['Zoë O’Brien-Smith', 'Łucja Ąę', '山田 太郎', 'محمد', '🎩 Tea', "Anne-Marie d'Arc, Jr."])
      expect(name.parse(ok)).toBe(ok);
  });
});

describe('multiLineText', () => {
  const message = multiLineText('Message').trim();

  it('given line feeds, then they are kept', () => {
    expect(message.parse('Hello,\n\nDo you teach on Saturdays?\nThanks')).toBe(
      'Hello,\n\nDo you teach on Saturdays?\nThanks',
    );
  });

  it('given CRLF line breaks, then they become LF', () => {
    expect(message.parse('one\r\ntwo\r\nthree')).toBe('one\ntwo\nthree');
  });

  it.each(REFUSED.filter((c) => c !== '\n' && c !== '\r\n').map((c) => [JSON.stringify(c), c]))(
    'given %s, then it is refused naming the field',
    (_, c) => {
      const result = message.safeParse(`one${c}two`);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe('Message cannot contain invisible control characters.');
    },
  );
});

describe('toOneLine (text already stored)', () => {
  it('given stored text with line breaks and bidi controls, then each run becomes one space and nothing else changes', () => {
    expect(toOneLine('Eleanor\r\nBcc: evil@example.com')).toBe('Eleanor Bcc: evil@example.com');
    expect(toOneLine('\u202Egnp.exe')).toBe('gnp.exe');
    expect(toOneLine('Tea\u2028party\u0000 ☕')).toBe('Tea party ☕');
  });
});

/**
 * Every request schema that takes text, with its keys. For each key that accepts a plain value,
 * the same value with a control character inside must be refused at that key; a key that only
 * takes a number or a fixed format is covered by that format and counted apart.
 */
const bodies: { name: string; schema: z.ZodType; keys: string[]; base: Record<string, unknown> }[] = [
  {
    name: 'enrollment form',
    schema: BaseEnrollmentFormSchema,
    keys: Object.keys(EnrollmentFormDataSchema.shape),
    base: {},
  },
  {
    name: 'strict enrollment form',
    schema: StrictEnrollmentFormSchema,
    keys: Object.keys(EnrollmentFormDataSchema.shape),
    base: strictForm(),
  },
  {
    name: 'enroll extras',
    schema: EnrollWorkshopExtrasSchema,
    keys: Object.keys(EnrollWorkshopExtrasSchema.shape),
    base: {},
  },
  {
    name: 'program enrollment',
    schema: EnrollProgramRequestSchema,
    keys: Object.keys(EnrollProgramRequestSchema.shape),
    base: {},
  },
  { name: 'contact', schema: ContactMessageSchema, keys: Object.keys(ContactMessageSchema.shape), base: {} },
  {
    name: 'consultation',
    schema: ConsultationRequestSchema,
    keys: Object.keys(ConsultationRequestSchema.shape),
    base: {},
  },
  {
    name: 'admin program',
    schema: AdminProgramInputSchema,
    keys: Object.keys(AdminProgramInputSchema.shape),
    base: {},
  },
  {
    name: 'admin workshop',
    schema: AdminWorkshopInputSchema,
    keys: Object.keys(AdminWorkshopInputSchema.shape),
    base: {},
  },
  {
    name: 'admin enrollment search',
    schema: EnrollmentListQuerySchema,
    keys: Object.keys(EnrollmentListQuerySchema.shape),
    base: {},
  },
  {
    name: 'payment intent',
    schema: CreatePaymentIntentRequestSchema,
    keys: Object.keys(CreatePaymentIntentRequestSchema.shape),
    base: {},
  },
  {
    name: 'test charge',
    schema: CreateTestChargeRequestSchema,
    keys: Object.keys(CreateTestChargeRequestSchema.shape),
    base: {},
  },
  {
    name: 'verify payment',
    schema: VerifyPaymentRequestSchema,
    keys: Object.keys(VerifyPaymentRequestSchema.shape),
    base: {},
  },
  {
    name: 'offline confirm',
    schema: OfflineConfirmRequestSchema,
    keys: Object.keys(OfflineConfirmRequestSchema.shape),
    base: {},
  },
  {
    name: 'gift card',
    schema: GiftCardPurchaseRequestSchema,
    keys: Object.keys(GiftCardPurchaseRequestSchema.shape),
    base: {},
  },
  {
    name: 'discount code',
    schema: CreateDiscountCodeRequestSchema,
    keys: ['code'],
    base: {},
  },
];

/** The fields that keep line feeds; every other text field is one line. */
const MULTI_LINE = new Set([
  ...['enrollment form', 'strict enrollment form', 'payment intent'].flatMap((f) => [
    `${f}.participantNames`,
    `${f}.specialRequirements`,
  ]),
  'enrollment form.dietaryRestrictions',
  'strict enrollment form.dietaryRestrictions',
  'program enrollment.notes',
  'contact.message',
  'consultation.discussionTopic',
  'admin program.description',
  'admin workshop.description',
  'admin workshop.longDescription',
  'gift card.message',
]);

/** Plain values some text field accepts: a word, a site path, an https address. */
const PLAIN = ['Abcdefghijk', '/images/abcdefghijk.svg', 'https://example.com/abcdefghijk'];
const issuesAt = (schema: z.ZodType, body: Record<string, unknown>, key: string) =>
  (schema.safeParse(body).error?.issues ?? []).filter((i) => i.path[0] === key);

describe('every API body that takes text', () => {
  it('given a control character, line break or bidi control inside any text field, then that field is refused', () => {
    const checked: string[] = [];
    const leaks: string[] = [];
    for (const { name, schema, keys, base } of bodies) {
      for (const key of keys) {
        const plain = PLAIN.find((v) => issuesAt(schema, { ...base, [key]: v }, key).length === 0);
        if (plain === undefined) continue;
        checked.push(`${name}.${key}`);
        for (const c of ['\r', '\u202E', '\u2066', '\u0007', '\u2028']) {
          const dirty = `${plain.slice(0, 3)}${c}${plain.slice(3)}`;
          if (issuesAt(schema, { ...base, [key]: dirty }, key).length === 0)
            leaks.push(`${name}.${key} accepts ${JSON.stringify(c)}`);
        }
        const oneLine = issuesAt(schema, { ...base, [key]: `${plain}\n${plain}` }, key).length > 0;
        if (!oneLine && !MULTI_LINE.has(`${name}.${key}`))
          leaks.push(`${name}.${key} accepts a line feed but is not a multi-line field`);
        if (oneLine && MULTI_LINE.has(`${name}.${key}`))
          leaks.push(`${name}.${key} refuses a line feed but is a multi-line field`);
      }
    }
    expect(leaks).toEqual([]);
    // The sweep reached the text fields: names, phones, messages, titles, secrets and more.
    expect(checked.length).toBeGreaterThanOrEqual(50);
    expect(checked).toEqual(
      expect.arrayContaining([
        'enrollment form.firstName',
        'contact.fullname',
        'consultation.preferredDate',
        'admin workshop.location',
        'payment intent.lastName',
        'offline confirm.postalCode',
      ]),
    );
  });
});
