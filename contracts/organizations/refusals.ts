import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on an organization's, a quote's, an invoice's or a numbering stream refuses (worded in service/organizations/refusal-answers.ts). */
export type OrganizationRefusal =
  | { code: 'organization_unknown' }
  | { code: 'organization_exists' }
  | { code: 'quote_unknown' }
  | { code: 'quote_exists' }
  | { code: 'quote_withdrawn' }
  | { code: 'quote_accepted' }
  | { code: 'quote_not_sent' }
  | { code: 'quote_expired'; validUntil: string }
  /** A link to an earlier version: the quote was revised since. */
  | { code: 'quote_revised'; version: number }
  | { code: 'invoice_unknown' }
  | { code: 'invoice_exists' }
  | { code: 'invoice_void' }
  | { code: 'invoice_paid' }
  | { code: 'invoice_has_payments'; paidCents: number }
  | { code: 'payment_beyond_total'; balanceCents: number; amountCents: number }
  | { code: 'credit_beyond_total'; creditableCents: number; amountCents: number }
  | { code: 'refund_beyond_paid'; refundableCents: number; amountCents: number }
  /** A card refund beyond what the invoice's card payments can still take back. */
  | { code: 'refund_beyond_card'; refundableCents: number; amountCents: number }
  | { code: 'line_unknown'; line: number }
  | { code: 'seats_beyond_line'; seats: number; left: number }
  | { code: 'seats_named'; named: number; left: number }
  | { code: 'too_many_attendees'; seats: number; named: number }
  | { code: 'group_names_closed'; cutoffAt: string }
  | { code: 'line_not_private'; line: number }
  | { code: 'private_workshop_exists'; line: number }
  /** A self-serve invoice checkout (issue 39 item 6) on a workshop booked by card only. */
  | { code: 'invoice_checkout_off' }
  | { code: 'seats_below_minimum'; minSeats: number; seats: number }
  | { code: 'seats_beyond_left'; left: number; seats: number };

export const ORGANIZATION_REFUSAL_KINDS: RefusalKinds<OrganizationRefusal> = {
  organization_unknown: 'not_found',
  organization_exists: 'conflict',
  quote_unknown: 'not_found',
  quote_exists: 'conflict',
  quote_withdrawn: 'gone',
  quote_accepted: 'conflict',
  quote_not_sent: 'conflict',
  quote_expired: 'gone',
  quote_revised: 'gone',
  invoice_unknown: 'not_found',
  invoice_exists: 'conflict',
  invoice_void: 'conflict',
  invoice_paid: 'conflict',
  invoice_has_payments: 'conflict',
  payment_beyond_total: 'validation',
  credit_beyond_total: 'validation',
  refund_beyond_paid: 'validation',
  refund_beyond_card: 'validation',
  line_unknown: 'validation',
  seats_beyond_line: 'validation',
  seats_named: 'conflict',
  too_many_attendees: 'validation',
  group_names_closed: 'conflict',
  line_not_private: 'validation',
  private_workshop_exists: 'conflict',
  invoice_checkout_off: 'conflict',
  seats_below_minimum: 'validation',
  seats_beyond_left: 'validation',
};
