import type { OrganizationRefusal } from '../../contracts/organizations/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const seatsWord = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/** How the API words the organizations slice's refusals (contracts/organizations/refusals.ts): its part of the one table. */
export const ORGANIZATION_REFUSAL_ANSWERS: RefusalAnswers<OrganizationRefusal> = {
  organization_unknown: { field: 'organizationId', words: () => 'We could not find that organization.' },
  organization_exists: { words: () => 'This organization is already registered.' },
  quote_unknown: { words: () => 'We could not find that quote.' },
  quote_exists: { words: () => 'This quote already exists.' },
  quote_withdrawn: { words: () => 'This quote was withdrawn. Please contact us for a new one.' },
  quote_accepted: { words: () => 'This quote has already been accepted.' },
  quote_not_sent: { words: () => 'This quote has not been sent yet.' },
  quote_expired: {
    words: (r) =>
      `This quote was valid until ${r.validUntil} and can no longer be accepted. Please ask us for a new one.`,
  },
  quote_revised: {
    words: (r) =>
      `This quote was revised (it is now version ${r.version}). Please open the link of the newest version.`,
  },
  invoice_unknown: { words: () => 'We could not find that invoice.' },
  invoice_exists: { words: () => 'This invoice already exists.' },
  invoice_void: { words: () => 'This invoice was voided.' },
  invoice_paid: { words: () => 'This invoice is already paid.' },
  invoice_has_payments: {
    words: (r) => `This invoice has ${dollars(r.paidCents)} paid on it: refund or credit it before voiding it.`,
  },
  payment_beyond_total: {
    field: 'amountCents',
    words: (r) =>
      `amountCents (${dollars(r.amountCents)}) is more than the ${dollars(r.balanceCents)} still owed on this invoice.`,
  },
  credit_beyond_total: {
    field: 'amountCents',
    words: (r) =>
      `amountCents (${dollars(r.amountCents)}) is more than the ${dollars(r.creditableCents)} that can be credited.`,
  },
  refund_beyond_paid: {
    field: 'amountCents',
    words: (r) =>
      `amountCents (${dollars(r.amountCents)}) is more than the ${dollars(r.refundableCents)} that can be refunded.`,
  },
  refund_beyond_card: {
    field: 'amountCents',
    words: (r) =>
      `amountCents (${dollars(r.amountCents)}) is more than the ${dollars(r.refundableCents)} paid by card on this invoice ` +
      'that can still go back to the card: refund the rest by check, ACH or wire.',
  },
  line_unknown: { field: 'line', words: (r) => `line ${r.line} is not a line of this invoice.` },
  seats_beyond_line: {
    field: 'seats',
    words: (r) => `seats: the line holds ${seatsWord(r.left)}, fewer than the ${r.seats} asked.`,
  },
  seats_named: {
    field: 'seats',
    words: (r) => `${seatsWord(r.named)} of this line are named: only ${r.left} would be left. Remove names first.`,
  },
  too_many_attendees: {
    field: 'attendees',
    words: (r) => `attendees: ${r.named} names for ${seatsWord(r.seats)}. Name at most ${r.seats}.`,
  },
  group_names_closed: {
    words: (r) => `Names could be given or changed until ${r.cutoffAt}. Please contact us to change them now.`,
  },
  line_not_private: { field: 'line', words: (r) => `line ${r.line} is a workshop line, not on-site training.` },
  private_workshop_exists: { field: 'line', words: (r) => `line ${r.line} already has its private workshop.` },
  invoice_checkout_off: { words: () => 'This workshop is booked by card only: it does not offer pay by invoice.' },
  seats_below_minimum: {
    field: 'seats',
    words: (r) => `seats: an invoice is for ${r.minSeats} seats or more (you asked for ${r.seats}).`,
  },
  seats_beyond_left: {
    field: 'seats',
    words: (r) => `seats: only ${seatsWord(r.left)} left (you asked for ${r.seats}).`,
  },
};
