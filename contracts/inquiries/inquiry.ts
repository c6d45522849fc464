import { z } from 'zod';
import type { FormValues } from '../core/form-values.js';
import { emailAddress, multiLineText, oneLineText, personName } from '../core/text.js';

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;
const required = (label: string, max: number) =>
  oneLineText(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, tooLong(label, max));
/** A person's name that must be given: with a visible letter (contracts/core/text.ts). */
const requiredName = (label: string, max: number) =>
  personName(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, tooLong(label, max));
const optional = (label: string, max: number) =>
  oneLineText(label).trim().max(max, tooLong(label, max)).optional().default('');
const requiredArea = (label: string, max: number) =>
  multiLineText(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, tooLong(label, max));
const email = emailAddress();

/** POST /api/contact */
export const ContactMessageSchema = z.object({
  fullname: requiredName('Name', 200),
  company: optional('Company', 200),
  email,
  phone: optional('Phone', 40),
  message: requiredArea('Message', 5000),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type ContactMessageValues = FormValues<typeof ContactMessageSchema>;
export const EMPTY_CONTACT_MESSAGE: ContactMessageValues = {
  fullname: '',
  company: '',
  email: '',
  phone: '',
  message: '',
};

/** POST /api/consultation */
export const ConsultationRequestSchema = z.object({
  name: requiredName('Name', 200),
  company: optional('Company', 200),
  email,
  phone: optional('Phone', 40),
  preferredDate: required('Preferred date', 200),
  discussionTopic: requiredArea('Discussion topic', 5000),
});
export type ConsultationRequest = z.infer<typeof ConsultationRequestSchema>;
export type ConsultationRequestValues = FormValues<typeof ConsultationRequestSchema>;
export const EMPTY_CONSULTATION_REQUEST: ConsultationRequestValues = {
  name: '',
  company: '',
  email: '',
  phone: '',
  preferredDate: '',
  discussionTopic: '',
};

/**
 * The shapes as stored in events: plain strings. Events written before the API refused control
 * characters may hold them, and a stored fact must stay readable; whatever shows them cleans them.
 */
const StoredContactMessageSchema = z.object({
  fullname: z.string(),
  company: z.string().optional().default(''),
  email: z.string(),
  phone: z.string().optional().default(''),
  message: z.string(),
});
const StoredConsultationRequestSchema = z.object({
  name: z.string(),
  company: z.string().optional().default(''),
  email: z.string(),
  phone: z.string().optional().default(''),
  preferredDate: z.string(),
  discussionTopic: z.string(),
});

/** Both inquiry posts answer this. */
export const InquiryReceivedSchema = z.object({ success: z.literal(true), id: z.string(), position: z.string() });
export type InquiryReceived = z.infer<typeof InquiryReceivedSchema>;

export const ContactMessageReceivedSchema = z.object({ inquiryId: z.string(), message: StoredContactMessageSchema });
export const ConsultationRequestedSchema = z.object({
  inquiryId: z.string(),
  request: StoredConsultationRequestSchema,
});

/** The office was e-mailed the inquiry (added with issue 37): a delivery again sends nothing. */
export const InquiryOfficeNotifiedSchema = z.object({
  inquiryId: z.string(),
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  notifiedAt: z.string().datetime({ offset: true }),
});
/** An administrator read it in the inbox (added with issue 37): it no longer counts as unread. */
export const InquiryReadSchema = z.object({ inquiryId: z.string(), readAt: z.string().datetime({ offset: true }) });

export const inquiryEventSchemas = {
  ContactMessageReceived: ContactMessageReceivedSchema,
  ConsultationRequested: ConsultationRequestedSchema,
  InquiryOfficeNotified: InquiryOfficeNotifiedSchema,
  InquiryRead: InquiryReadSchema,
} as const;

export type InquiryReceivedEvent =
  | { type: 'ContactMessageReceived'; data: z.infer<typeof ContactMessageReceivedSchema> }
  | { type: 'ConsultationRequested'; data: z.infer<typeof ConsultationRequestedSchema> };
export type InquiryReadEvent = { type: 'InquiryRead'; data: z.infer<typeof InquiryReadSchema> };
export type InquiryEvent =
  | InquiryReceivedEvent
  | { type: 'InquiryOfficeNotified'; data: z.infer<typeof InquiryOfficeNotifiedSchema> }
  | InquiryReadEvent;

export const inquiryStream = (id: string) => `inquiry-${id}`;

/** The `inquiries` read model document (admin inbox). */
export const InquirySchema = z.object({
  id: z.string(),
  kind: z.enum(['contact', 'consultation']),
  receivedAt: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  preferredDate: z.string().optional(),
  /** Not yet read in the inbox (issue 37); absent on those received before it was kept: read. */
  unread: z.boolean().optional(),
});
export type Inquiry = z.infer<typeof InquirySchema>;

/** GET /api/admin/inquiries/unread */
export interface UnreadInquiries {
  unread: number;
}
/** POST /api/admin/inquiries/{id}/read: read the inbox with `?minPosition=` to see it. */
export interface InquiryMarkedRead {
  id: string;
  position: string;
}
