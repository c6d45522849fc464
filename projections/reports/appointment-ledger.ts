import type { AppointmentEvent } from '../../contracts/appointments/booking.js';
import { schoolDayOf } from '../../contracts/reports/days.js';
import { collapse, moveRecognition, recognitionOf, type LedgerItem, type LedgerLine } from './ledger-lines.js';

/**
 * A private lesson's or party's money in the ledger (issue 38 item 8, record 121): what its card
 * paid, booked the day it was paid, and what went back, each recognized on the appointment's
 * school day. `items` as a booking's: the first as bought, then the same after each move.
 */
export type AppointmentLedgerDoc = {
  kind: 'appointment';
  items: LedgerItem[];
  sessionDays: string[];
  lines: LedgerLine[];
};

/** A lesson's income account is the default one ("Private Lesson"); a party's the tea parties'. */
const categoryOf = (kind: string) => (kind === 'party' ? 'tea-party' : 'private-lesson');

function moved(
  doc: AppointmentLedgerDoc,
  at: string,
  kind: 'booked' | 'refunded',
  cents: number,
): AppointmentLedgerDoc {
  const day = schoolDayOf(at);
  const item = doc.items.length - 1;
  const line: LedgerLine = {
    day,
    kind,
    source: 'card',
    ...(kind === 'refunded' ? { to: 'card' as const } : {}),
    cents,
    item,
  };
  const recognized = recognitionOf(kind === 'booked' ? cents : -cents, day, doc.sessionDays, 'card', item);
  return { ...doc, lines: collapse([...doc.lines, line, ...recognized]) };
}

export const APPOINTMENT_LEDGER_TYPES = [
  'AppointmentRequested',
  'AppointmentPaid',
  'AppointmentRefunded',
  'AppointmentRescheduled',
] as const;
type Input = Extract<AppointmentEvent, { type: (typeof APPOINTMENT_LEDGER_TYPES)[number] }>;

/**
 * Only the card's money moves the ledger: `AppointmentPaid` once per appointment (the webhook or
 * the page's verification, never both) and `AppointmentRefunded` (time taken or cancelled). A lesson
 * paid from a pack books nothing here (its pack's sale is not in the ledger); a hold, a
 * confirmation or an expiry moves no money.
 */
export function projectAppointment(current: AppointmentLedgerDoc | null, e: Input): AppointmentLedgerDoc | undefined {
  switch (e.type) {
    case 'AppointmentRequested':
      return {
        kind: 'appointment',
        items: [
          {
            kind: 'program',
            workshopId: null,
            programId: e.data.programId ?? null,
            category: categoryOf(e.data.kind),
            location: '',
          },
        ],
        sessionDays: [schoolDayOf(e.data.startsAt)],
        lines: current?.lines ?? [],
      };
    case 'AppointmentPaid':
      return current ? moved(current, e.data.paidAt, 'booked', e.data.amountCents) : undefined;
    case 'AppointmentRefunded':
      return current ? moved(current, e.data.refundedAt, 'refunded', e.data.amountCents) : undefined;
    case 'AppointmentRescheduled': {
      if (!current) return undefined;
      const sessionDays = [schoolDayOf(e.data.startsAt)];
      const items = [...current.items, current.items[current.items.length - 1]!];
      const lines = moveRecognition(current.lines, schoolDayOf(e.data.rescheduledAt), sessionDays, items.length - 1);
      return { ...current, items, sessionDays, lines };
    }
  }
}
