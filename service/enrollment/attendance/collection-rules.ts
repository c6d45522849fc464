import { personKey } from '../../../contracts/admin/roles.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { AppError } from '../../core/errors.js';
import { attendanceKey, type EnrollmentState } from '../decider/enrollment-state.js';
import { bookedParticipant } from './attendance-rules.js';

/**
 * The instructor records who collected participant `participant` at the end of the session.
 * `allowed` is the family's list as the roster shows it (the parents and the pick-up list); a name
 * not on it is refused unless `confirmed` (the screen's second step), and is then recorded as not
 * on the list.
 */
export interface RecordCollection {
  type: 'RecordCollection';
  workshopId: string;
  /** The session it ends, from 1. */
  session: number;
  participant: number;
  /** The participant holds a make-up seat in this workshop's session (checked on its stream by the route). */
  makeup?: boolean;
  collectedBy: string;
  allowed: { name: string; relationship: string }[];
  confirmed: boolean;
  at: string;
}

export const notOnList = (name: string) =>
  new AppError(
    'not_on_pickup_list',
    `${name} is not on this family's pick-up list. Check their identity and confirm to record it; it is flagged in the history.`,
    { issues: [{ path: 'collectedBy', message: `${name} is not on the pick-up list.` }] },
  );

export function collectionDecision(command: RecordCollection, state: EnrollmentState): EnrollmentEvent[] {
  const { enrollmentId, name } = bookedParticipant(command, state);
  const collectedBy = command.collectedBy.trim().replace(/\s+/g, ' ');
  const match = command.allowed.find((a) => personKey(a.name) === personKey(collectedBy));
  if (!match && !command.confirmed) throw notOnList(collectedBy);
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
