import type { InvoiceEvent } from '../../contracts/organizations/invoices.js';
import { refuse } from './refusals.js';
import type { IssuedState } from './invoice-state.js';

/** The seats of a line named by the coordinator, and a description-only line's private workshop. */
export type SeatCommand =
  | {
      type: 'NameAttendees';
      line: number;
      attendees: { name: string; email: string; dietaryRestrictions: string }[];
      /** Ids for those named for the first time, one per attendee at most (time and ids come in the command). */
      newIds: string[];
      organizationName: string;
      /** GROUP_NAMES_CUTOFF_HOURS before the line's first session. */
      cutoffAt: string;
      at: string;
    }
  | { type: 'SchedulePrivateWorkshop'; line: number; workshopId: string; seats: number; at: string };

type Command<T extends SeatCommand['type']> = Extract<SeatCommand, { type: T }>;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The whole list of a line's attendees as the coordinator now gives it: at most the seats the line
 * holds, until the cutoff. Someone already named (the same e-mail) keeps their seat and id; those
 * left out are the replaced, each told; an unchanged list records nothing.
 */
function nameAttendees(command: Command<'NameAttendees'>, state: IssuedState): InvoiceEvent[] {
  if (state.status === 'void') throw refuse({ code: 'invoice_void' });
  const { line, at, cutoffAt } = command;
  const workshopId = state.lineWorkshops[line];
  if (workshopId === undefined || workshopId === null) throw refuse({ code: 'line_unknown', line });
  if (Date.parse(at) > Date.parse(cutoffAt)) throw refuse({ code: 'group_names_closed', cutoffAt });
  const seats = state.lineSeats[line] ?? 0;
  if (command.attendees.length > seats)
    throw refuse({ code: 'too_many_attendees', seats, named: command.attendees.length });
  const before = state.attendees[line] ?? [];
  const ids = [...command.newIds];
  const added: string[] = [];
  const attendees = command.attendees.map((a) => {
    const kept = before.find((b) => sameAddress(b.email, a.email));
    const attendeeId = kept?.attendeeId ?? ids.shift()!;
    if (!kept) added.push(attendeeId);
    return { attendeeId, name: a.name, email: a.email, dietaryRestrictions: a.dietaryRestrictions };
  });
  const removed = before
    .filter((b) => !attendees.some((a) => sameAddress(a.email, b.email)))
    .map(({ name, email }) => ({ name, email }));
  if (JSON.stringify(attendees) === JSON.stringify(before)) return [];
  return [
    {
      type: 'GroupAttendeesNamed',
      data: {
        invoiceId: state.invoice.invoiceId,
        organizationId: state.invoice.organizationId,
        organizationName: command.organizationName,
        line,
        workshopId,
        attendees,
        added,
        removed,
        namedAt: at,
      },
    },
  ];
}

function schedulePrivateWorkshop(command: Command<'SchedulePrivateWorkshop'>, state: IssuedState): InvoiceEvent[] {
  if (state.status === 'void') throw refuse({ code: 'invoice_void' });
  const { line, workshopId, seats, at } = command;
  const item = state.invoice.lines[line];
  if (!item) throw refuse({ code: 'line_unknown', line });
  if (item.kind !== 'service') throw refuse({ code: 'line_not_private', line });
  if (state.lineWorkshops[line] === workshopId) return [];
  if (state.lineWorkshops[line]) throw refuse({ code: 'private_workshop_exists', line });
  return [
    {
      type: 'PrivateWorkshopScheduled',
      data: { invoiceId: state.invoice.invoiceId, line, workshopId, seats, scheduledAt: at },
    },
  ];
}

export const seatDecisions = {
  NameAttendees: nameAttendees,
  SchedulePrivateWorkshop: schedulePrivateWorkshop,
};
