import { defineProjector, type RecordedEventOf } from '../../platform/processor/projector.js';
import {
  enrollmentIdOf,
  sessionsAttended,
  type EnrollmentEvent,
  type PurchasedItem,
} from '../../contracts/enrollment/events.js';
import { giftCardIdOf, type GiftCardEvent } from '../../contracts/gift-cards/events.js';
import type { ProgramEvent, WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { RefundDestination, RevenueSource } from '../../contracts/reports/ledger.js';
import { schoolDayOf } from '../../contracts/reports/days.js';
import { invoiceIdOf, type InvoiceEvent } from '../../contracts/organizations/invoices.js';
import type { IncomeAccountEvent } from '../../contracts/reports/income-accounts.js';
import { INVOICE_LEDGER_TYPES, projectInvoice } from './invoice-ledger.js';
import type { AppointmentEvent } from '../../contracts/appointments/booking.js';
import { APPOINTMENT_LEDGER_TYPES, projectAppointment } from './appointment-ledger.js';
import { dayRollups } from './ledger-days.js';
import type { EnrollmentLedgerDoc, LedgerDoc } from './ledger-docs.js';
import { collapse, moveRecognition, recognitionOf, type LedgerItem, type LedgerLine } from './ledger-lines.js';

export type {
  AppointmentLedgerDoc,
  EnrollmentLedgerDoc,
  GiftCardLedgerDoc,
  InvoiceLedgerDoc,
  WorkshopLedgerDoc,
  ProgramLedgerDoc,
  LedgerDoc,
} from './ledger-docs.js';

export const REVENUE_LEDGER = 'revenue-ledger';
/** The code of a program's income account set with none (Xero's general income). */
export const GENERAL_INCOME_CODE = '4000';

type Input =
  EnrollmentEvent | InvoiceEvent | AppointmentEvent | GiftCardEvent | ProgramEvent | WorkshopEvent | IncomeAccountEvent;
type Event = RecordedEventOf<Input>;

const itemOf = (
  item: Pick<PurchasedItem, 'kind' | 'id' | 'category' | 'location'>,
  ids: { workshopId: string | null; programId: string | null },
): LedgerItem => ({ kind: item.kind, ...ids, category: item.category, location: item.location });
const daysOf = (item: PurchasedItem) => sessionsAttended(item).map((s) => schoolDayOf(s.session.startsAt));

const EMPTY: EnrollmentLedgerDoc = {
  kind: 'enrollment',
  items: [{ kind: 'test', workshopId: null, programId: null, category: '', location: '' }],
  sessionDays: [],
  lines: [],
};

/** Money booked or refunded on `at`'s school day, and its recognition over the booking's sessions. */
function moved(
  doc: EnrollmentLedgerDoc,
  at: string,
  kind: 'booked' | 'refunded',
  source: RevenueSource,
  cents: number,
  to?: RefundDestination,
): EnrollmentLedgerDoc {
  const day = schoolDayOf(at);
  const item = doc.items.length - 1;
  const line: LedgerLine = { day, kind, source, ...(to ? { to } : {}), cents, item };
  const signed = kind === 'booked' ? cents : -cents;
  const recognized = source === 'free' ? [] : recognitionOf(signed, day, doc.sessionDays, source, item);
  return { ...doc, lines: collapse([...doc.lines, line, ...recognized]) };
}

/** The booking now is for `item` from `at`'s day: what is not yet recognized follows it. */
function movedTo(doc: EnrollmentLedgerDoc, at: string, item: PurchasedItem, workshopId: string): EnrollmentLedgerDoc {
  const items = [...doc.items, itemOf(item, { workshopId, programId: null })];
  const sessionDays = daysOf(item);
  return {
    ...doc,
    items,
    sessionDays,
    lines: moveRecognition(doc.lines, schoolDayOf(at), sessionDays, items.length - 1),
  };
}

function projectEnrollment(current: EnrollmentLedgerDoc | null, e: Event): EnrollmentLedgerDoc | undefined {
  const doc = current ?? EMPTY;
  switch (e.type) {
    case 'EnrollmentSubmitted': {
      const { item, workshopId, programId } = e.data;
      return { ...doc, items: [itemOf(item, { workshopId, programId })], sessionDays: daysOf(item) };
    }
    case 'PaymentSucceeded':
      return moved(doc, e.data.succeededAt, 'booked', 'card', e.data.amountCents);
    case 'BalancePaid':
    case 'BalanceOverpaid':
    case 'InstallmentPaymentRecorded':
      return moved(doc, e.data.paidAt, 'booked', 'card', e.data.amountCents);
    case 'EnrollmentConfirmed': {
      const { confirmedAt, paidByGiftCardCents, paidByCreditCents, paymentMethod } = e.data;
      let next = doc;
      if (paidByGiftCardCents) next = moved(next, confirmedAt, 'booked', 'gift-card', paidByGiftCardCents);
      if (paidByCreditCents) next = moved(next, confirmedAt, 'booked', 'credit', paidByCreditCents);
      if (paymentMethod === 'Free Enrollment') next = moved(next, confirmedAt, 'booked', 'free', 0);
      return next === doc ? undefined : next;
    }
    case 'RefundIssued': {
      const { refundedAt, amountCents, source, to } = e.data;
      return moved(doc, refundedAt, 'refunded', source ?? 'card', amountCents, to ?? 'card');
    }
    case 'EnrollmentTransferred':
      return movedTo(doc, e.data.transferredAt, e.data.item, e.data.toWorkshopId);
    case 'BookingRescheduled':
      return movedTo(doc, e.data.rescheduledAt, e.data.item, e.data.workshopId);
    default:
      return undefined;
  }
}

const ENROLLMENT_TYPES = [
  'EnrollmentSubmitted',
  'PaymentSucceeded',
  'BalancePaid',
  'BalanceOverpaid',
  'InstallmentPaymentRecorded',
  'EnrollmentConfirmed',
  'RefundIssued',
  'EnrollmentTransferred',
  'BookingRescheduled',
] as const;
const CATALOGUE_TYPES = [
  'ProgramPublished',
  'ProgramUpdated',
  'ProgramIncomeAccountChanged',
  'WorkshopScheduled',
  'WorkshopUpdated',
] as const;
const isInvoiceEvent = (e: Event): e is Extract<Event, { type: (typeof INVOICE_LEDGER_TYPES)[number] }> =>
  (INVOICE_LEDGER_TYPES as readonly string[]).includes(e.type);
const isAppointmentEvent = (e: Event): e is Extract<Event, { type: (typeof APPOINTMENT_LEDGER_TYPES)[number] }> =>
  (APPOINTMENT_LEDGER_TYPES as readonly string[]).includes(e.type);
const isEnrollmentEvent = (e: Event): e is Extract<Event, { type: (typeof ENROLLMENT_TYPES)[number] }> =>
  (ENROLLMENT_TYPES as readonly string[]).includes(e.type);

/**
 * The ledger the owner's reports and the journal sum (decision 055): each booking's money booked,
 * refunded and recognized by school day, gift cards sold, and the labels of programs and
 * workshops; each organization's invoice's money received (record 125). Ids, amounts, days,
 * categories and places only: an erased family's or organization's money still counts. Each private
 * lesson's or party's card money likewise (`appointment-<id>`, record 121). Every line
 * is also summed into its school day's document (`day-<YYYY-MM-DD>`, record 140), which the
 * reports read.
 */
export const revenueLedgerProjector = defineProjector<Input, LedgerDoc>({
  name: REVENUE_LEDGER,
  collection: REVENUE_LEDGER,
  indexes: [[{ field: 'kind' }]],
  eventTypes: [
    ...ENROLLMENT_TYPES,
    ...INVOICE_LEDGER_TYPES,
    ...APPOINTMENT_LEDGER_TYPES,
    'GiftCardPaid',
    ...CATALOGUE_TYPES,
  ],
  rollups: dayRollups,
  keys(e) {
    if (isInvoiceEvent(e)) return [`invoice-${invoiceIdOf(e)}`];
    if (isAppointmentEvent(e)) return [`appointment-${e.data.appointmentId}`];
    if (e.type === 'GiftCardPaid') return [`gift-card-${giftCardIdOf(e)}`];
    if (e.type === 'ProgramPublished' || e.type === 'ProgramUpdated') return [`program-${e.data.program.id}`];
    if (e.type === 'ProgramIncomeAccountChanged') return [`program-${e.data.programId}`];
    if (e.type === 'WorkshopScheduled' || e.type === 'WorkshopUpdated') return [`workshop-${e.data.workshop.id}`];
    return [`enrollment-${enrollmentIdOf(e)}`];
  },
  project(current, e) {
    switch (e.type) {
      case 'GiftCardPaid': {
        const sold = current?.kind === 'gift-card' ? current.sold : [];
        return { kind: 'gift-card', sold: [...sold, { day: schoolDayOf(e.data.paidAt), cents: e.data.amountCents }] };
      }
      case 'ProgramPublished':
      case 'ProgramUpdated':
        return { ...(current?.kind === 'program' ? current : {}), kind: 'program', title: e.data.program.title };
      case 'ProgramIncomeAccountChanged': {
        // The program's income account (record 141) rides on its label into the index.
        const title = current?.kind === 'program' ? current.title : '';
        const { account, code } = e.data;
        return {
          kind: 'program',
          title,
          ...(account ? { incomeAccount: { name: account, code: code ?? GENERAL_INCOME_CODE } } : {}),
        };
      }
      case 'WorkshopScheduled':
      case 'WorkshopUpdated': {
        const { programId, title, category, locationId } = e.data.workshop;
        return {
          kind: 'workshop',
          programId: programId ?? null,
          title,
          category,
          ...(locationId ? { locationId } : {}),
        };
      }
      default:
        if (isInvoiceEvent(e)) return projectInvoice(current?.kind === 'invoice' ? current : null, e);
        if (isAppointmentEvent(e)) return projectAppointment(current?.kind === 'appointment' ? current : null, e);
        if (!isEnrollmentEvent(e)) return undefined;
        return projectEnrollment(current?.kind === 'enrollment' ? current : null, e);
    }
  },
});
