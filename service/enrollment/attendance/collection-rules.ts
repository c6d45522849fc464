import { personKey } from '../../../contracts/admin/roles.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { attendanceKey, type EnrollmentState } from '../decider/enrollment-state.js';
import { refuse } from '../decider/refusals.js';
import { bookedParticipant, recordableNow } from './attendance-rules.js';

/**
 * The instructor records who collected participant `participant` at the end of the session.
 * `allowed` is the family's list as the roster shows it (the parents and the pick-up list); a name
 * not on it is refused unless `confirmed` (the screen's second step), and is then recorded as not
 * on the list. Recorded from the session's day; `undo` takes back what was recorded.
 */
export interface RecordCollection {
  type: 'RecordCollection';
  workshopId: string;
  /** The session it ends, from 1. */
  session: number;
  /** When that session starts (the route reads it from the workshop): pick-up is recorded from its day. */
  sessionStartsAt: string;
  participant: number;
  /** Take back who was recorded (`collectedBy` is then not read). */
  undo?: boolean;
  /** The participant holds a make-up seat in this workshop's session (checked on its stream by the route). */
  makeup?: boolean;
  collectedBy: string;
  allowed: { name: string; relationship: string }[];
  confirmed: boolean;
  at: string;
}

export function collectionDecision(command: RecordCollection, state: EnrollmentState): EnrollmentEvent[] {
  const { enrollmentId, name } = bookedParticipant(command, state);
  if (command.undo) return undoCollection(command, state, { enrollmentId, name });
  recordableNow(command);
  const collectedBy = command.collectedBy.trim().replace(/\s+/g, ' ');
  const match = command.allowed.find((a) => personKey(a.name) === personKey(collectedBy));
  if (!match && !command.confirmed) throw refuse({ code: 'not_on_pickup_list', name: collectedBy });
  const recorded = state.collected[attendanceKey(command.workshopId, command.session, command.participant)];
  if (recorded !== undefined && personKey(recorded) === personKey(collectedBy)) return [];
  return [
    {
      type: 'ChildCollected',
      data: {
        enrollmentId,
        workshopId: command.workshopId,
        participant: command.participant,
        name,
        collectedBy: match?.name ?? collectedBy,
        relationship: match?.relationship ?? '',
        onList: Boolean(match),
        collectedAt: command.at,
        session: command.session,
      },
    },
  ];
}

/** Who collected, taken back: nobody is recorded again for that session (nothing recorded: nothing to take back). */
function undoCollection(
  command: RecordCollection,
  state: EnrollmentState,
  { enrollmentId, name }: { enrollmentId: string; name: string },
): EnrollmentEvent[] {
  const recorded = state.collected[attendanceKey(command.workshopId, command.session, command.participant)];
  if (!recorded) return [];
  return [
    {
      type: 'ChildCollected',
      data: {
        enrollmentId,
        workshopId: command.workshopId,
        participant: command.participant,
        name,
        collectedBy: recorded,
        relationship: '',
        onList: true,
        collectedAt: command.at,
        session: command.session,
        undone: true,
      },
    },
  ];
}
