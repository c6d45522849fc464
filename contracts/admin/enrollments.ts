import { z } from 'zod';
import { PaymentLineSchema } from '../enrollment/api.js';
import { oneLineText } from '../core/text.js';
import { EnrollmentFormDataSchema } from '../enrollment/form.js';
import { ParticipantDetailDataSchema } from '../enrollment/participants.js';
import { LeftParticipantSchema } from '../enrollment/left-participants.js';
import { WorkshopIdSchema } from '../catalogue/workshop.js';
import { pagingShape } from './paging.js';
import { RefundViewSchema } from './after-sale.js';
import { PricingViewSchema } from '../enrollment/pricing.js';

/**
 * Payment status values the tracker knows; the screen shows any other as unpaid. After the sale:
 * `refund-pending` (asked of the provider), `refund-failed` (refused: the administrator may retry),
 * `partially-refunded`, `refunded` (all that was paid).
 */
export const PaymentStatusSchema = z.enum([
  'paid',
  'free',
  'pending',
  'unpaid',
  'refunded',
  'partially-refunded',
  'refund-pending',
  'refund-failed',
]);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/**
 * One row of GET /api/admin/enrollments: the specification's administrator record. An enrollment
 * is for a workshop (workshopId and workshop set) or for a program (program set).
 */
export const AdminEnrollmentRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  workshopId: z.string().nullable(),
  programId: z.string().nullable(),
  workshop: z.object({ title: z.string(), location: z.string(), date: z.string() }).nullable(),
  program: z.object({ title: z.string() }).nullable(),
  /**
   * The order number (ORD-, FREE- or TEST- and the id) and the GL- reference parents quote, once
   * confirmed (absent before, and on rows projected before they were kept).
   */
  orderId: z.string().optional(),
  orderReference: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** pending, completed, expired, cancelled; the screen shows any value as received. */
  status: z.string(),
  paymentStatus: PaymentStatusSchema,
  /** Dollars. */
  amount: z.number(),
  /** Participants still coming, for the details column. */
  participants: z.number().int().positive(),
  /** The names of the participants still coming, in order, for the student column (absent on rows projected before they existed). */
  participantNames: z.array(z.string()).optional(),
  /** Refunds after the sale (absent on rows projected before they existed). */
  refunds: z.array(RefundViewSchema).optional(),
  /** Dollars given back so far. */
  refundedAmount: z.number().optional(),
  /** The administrator's or parent's reason, when cancelled after the sale. */
  cancelNote: z.string().optional(),
  /** The price breakdown (issue 27: absent on rows projected before it). */
  pricing: PricingViewSchema.optional(),
  /** What a sold deposit booking still owes, in cents, and by when (0 and null once paid in full). */
  balanceCents: z.number().int().nonnegative().optional(),
  balanceDueAt: z.string().nullable().optional(),
  /** Made by a signed-in household: a refund may go to its family credit instead of the card. */
  familyCredit: z.boolean().optional(),
  /** When the children's safety details were erased after the retention period (SAFETY_DATA_RETENTION_DAYS). */
  safetyDataErasedAt: z.string().optional(),
});
export type AdminEnrollmentRecord = z.infer<typeof AdminEnrollmentRecordSchema>;

/**
 * Everything the parent filled in once per enrollment (the participants' own details are apart):
 * the contact, the second parent, the emergency contacts, the special requirements, how they heard
 * of the school and what they agreed to. The form asks no postal address.
 */
export const EnrollmentContactSchema = EnrollmentFormDataSchema.pick({
  phone: true,
  parent2Name: true,
  parent2Email: true,
  parent2Phone: true,
  emergencyContact1Name: true,
  emergencyContact1Phone: true,
  emergencyContact1Relationship: true,
  emergencyContact2Name: true,
  emergencyContact2Phone: true,
  emergencyContact2Relationship: true,
  specialRequirements: true,
  referralSource: true,
  agreeToTerms: true,
  agreeToCodeOfConduct: true,
});
export type EnrollmentContact = z.infer<typeof EnrollmentContactSchema>;

/**
 * GET /api/admin/enrollments/{id}: one enrollment as its view shows it, with every participant's
 * details and every field submitted (the list leaves them out: they are read one enrollment at a time).
 */
export const AdminEnrollmentDetailSchema = AdminEnrollmentRecordSchema.extend({
  /** Each payment of a sold booking: what, when and how (issue 37 item 6); absent before the sale. */
  payments: z.array(PaymentLineSchema).optional(),
  /** The workshop's or program's category: the stricter ones (children, summer, tea-party) ask each participant's details. */
  category: z.string(),
  /** Enrolled with the stricter form although its category alone would not ask it (isStrictItem); absent: the category decides. */
  childDetails: z.boolean().optional(),
  /** Each participant's details, in order. Absent on rows projected before they existed, until the projection is rebuilt. */
  participantDetails: z.array(ParticipantDetailDataSchema).optional(),
  /** Participants who gave up their place while the others still come (absent: none). */
  leftParticipants: z.array(LeftParticipantSchema).optional(),
  /** The rest of the form (absent on rows projected before it was kept, until the projection is rebuilt). */
  contact: EnrollmentContactSchema.optional(),
  /** Dollars the provider took (0 until paid). */
  paidAmount: z.number().optional(),
  /**
   * For saved children of a family account whose details changed since (a workshop not yet past):
   * `participantDetails` then shows them as the family keeps them now, and this as enrolled.
   */
  participantDetailsAsEnrolled: z.array(ParticipantDetailDataSchema).optional(),
  /**
   * While two or more still come: what cancelling one participant's place refunds at most, in
   * dollars (that place's share by the pricing rule), and what those still coming then pay.
   */
  cancelOne: z.object({ refundMax: z.number(), remaining: z.number() }).optional(),
});
export type AdminEnrollmentDetail = z.infer<typeof AdminEnrollmentDetailSchema>;

/** The tracker tabs; each is a filter the server applies. */
export const TrackerTabSchema = z.enum(['all', 'pending', 'completed', 'unpaid', 'balance-due', 'cancelled']);
export type TrackerTab = z.infer<typeof TrackerTabSchema>;

export const MAX_PAGE_SIZE = 200;

/**
 * Query of GET /api/admin/enrollments and its CSV export. Without `page` and `pageSize` the list
 * answers every matching row, as the specification's client expects; with either it answers one
 * page. Totals travel in the X-Total-Count header either way.
 */
export const EnrollmentListQuerySchema = z.object({
  q: oneLineText('Search').trim().max(200, 'Search must be at most 200 characters.').optional(),
  status: TrackerTabSchema.optional(),
  /** Only the enrollments of this workshop (where each stands now, after transfers). */
  workshopId: WorkshopIdSchema.optional(),
  ...pagingShape(MAX_PAGE_SIZE),
});
export type EnrollmentListQuery = z.infer<typeof EnrollmentListQuerySchema>;
