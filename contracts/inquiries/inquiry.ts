import { z } from 'zod';

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);
const optional = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).optional().default('');
const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Please enter a valid email address.'));

/** POST /api/contact */
export const ContactMessageSchema = z.object({
  fullname: required('Name', 200),
  company: optional('Company', 200),
  email,
  phone: optional('Phone', 40),
  message: required('Message', 5000),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** POST /api/consultation */
export const ConsultationRequestSchema = z.object({
  name: required('Name', 200),
  company: optional('Company', 200),
  email,
  phone: optional('Phone', 40),
  preferredDate: required('Preferred date', 200),
  discussionTopic: required('Discussion topic', 5000),
});
export type ConsultationRequest = z.infer<typeof ConsultationRequestSchema>;

/** Both inquiry posts answer this. */
export const InquiryReceivedSchema = z.object({ success: z.literal(true), id: z.string(), position: z.string() });
export type InquiryReceived = z.infer<typeof InquiryReceivedSchema>;

export const ContactMessageReceivedSchema = z.object({ inquiryId: z.string(), message: ContactMessageSchema });
export const ConsultationRequestedSchema = z.object({ inquiryId: z.string(), request: ConsultationRequestSchema });

export const inquiryEventSchemas = {
  ContactMessageReceived: ContactMessageReceivedSchema,
  ConsultationRequested: ConsultationRequestedSchema,
} as const;

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
});
export type Inquiry = z.infer<typeof InquirySchema>;
