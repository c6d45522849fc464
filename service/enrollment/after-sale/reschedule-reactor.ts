import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream, type WorkshopEvent } from '../../../contracts/catalogue/events.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import {
  changedWhenWhere,
  EnrollmentIdSchema,
  enrollmentIdOf,
  enrollmentStream,
  whenWhereOf,
  type EnrollmentEvent,
  type PurchasedItem,
  type WorkshopWhenWhere,
} from '../../../contracts/enrollment/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { RecordedEventOf } from '../../../platform/processor/projector.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';

export const RESCHEDULE_REACTOR = 'booking-reschedules';

type Followed =
  | Extract<WorkshopEvent, { type: 'WorkshopUpdated' }>
  | Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' | 'EnrollmentConfirmed' | 'EnrollmentTransferred' }>;

/** How long a check waits for the schedule to reach the event before it is retried (the reactor backs off). */
const SCHEDULE_WAIT_MS = 5_000;
/** Enrollments moved at once after one change. */
const PARALLEL = 8;

/** The change's name on the enrollments it reaches: the id of the event that carried it (stable across deliveries). */
const changeIdOf = (event: { id: string; position: bigint }) =>
  /^[A-Za-z0-9_-]{1,80}$/.test(event.id) ? event.id : `p${event.position}`;

/**
 * Bookings follow their workshop. When the school changes a workshop's date, time or place
 * (WorkshopUpdated), every enrollment in it records BookingRescheduled on its own stream, which the
 * read models (orders, reminders, tracker, history), the calendar's SEQUENCE, the refund policy
 * and the parent's e-mail (`after-sale-email`) follow.
 *
 * - The enrollments in the workshop are those holding or owning seats on its stream, read afresh
 *   (not a read model, which could lag the change); the values are the workshop's as it stands
 *   then, so a delivery after later changes applies the newest, never an older one.
 * - An enrollment whose item was taken from the workshop just before a change, but recorded just
 *   after it (a submission, a transfer into it, a late payment reviving an expired hold), is
 *   followed up on its own event: the schedule read model, once it has reached that event, says
 *   whether the workshop still reads as the item does; when not, the workshop's stream decides.
 * - Idempotent: the enrollment's decider records nothing for a change id it has, a booking that
 *   already reads the same, or one that has ended, so a redelivery after a crash changes nothing.
 */
export function rescheduleReactor(deps: Pick<AppDeps, 'commands' | 'readStore' | 'projections' | 'clock' | 'log'>) {
  /** The workshop's date, time and place now, from its stream, with the enrollments holding seats in it. */
  const workshopNow = async (workshopId: string) => {
    const state = await deps.commands.state(workshopDecider, workshopStream(workshopId));
    if (state.status !== 'scheduled' || !state.workshop) return null;
    const enrollments = [...Object.keys(state.holds), ...Object.keys(state.confirmed)];
    return { to: whenWhereOf(state.workshop), enrollments };
  };

  const follow = async (
    enrollmentId: string,
    workshopId: string,
    changeId: string,
    to: WorkshopWhenWhere,
    metadata: EventMetadata,
    /** The enrollment is known to exist (its own event is being handled): "not found" is an old cache. */
    exists = false,
  ): Promise<boolean> => {
    if (!EnrollmentIdSchema.safeParse(enrollmentId).success) return false;
    const stream = enrollmentStream(enrollmentId);
    const command = { type: 'RescheduleBooking' as const, workshopId, changeId, to, at: deps.clock().toISOString() };
    try {
      return (await deps.commands.handle(enrollmentDecider, stream, command, metadata)).events.length > 0;
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'not_found')) throw err;
      // Offer holds (`offer-<entry>`) and holds whose enrollment is not recorded (yet) have no stream.
      if (!exists) return false;
      // This process may have remembered the stream as empty (tried when the change came, before the
      // enrollment was recorded, perhaps by another process): read it again.
      await deps.commands.state(enrollmentDecider, stream, 0);
      return (await deps.commands.handle(enrollmentDecider, stream, command, metadata)).events.length > 0;
    }
  };

  /** A workshop changed: every enrollment in it follows. */
  const followWorkshop = async (workshopId: string, changeId: string, metadata: EventMetadata) => {
    const now = await workshopNow(workshopId);
    if (!now) return;
    let moved = 0;
    for (let i = 0; i < now.enrollments.length; i += PARALLEL) {
      const batch = now.enrollments.slice(i, i + PARALLEL);
      const results = await Promise.all(batch.map((id) => follow(id, workshopId, changeId, now.to, metadata)));
      moved += results.filter(Boolean).length;
    }
    if (moved > 0) deps.log.info('bookings moved with their workshop', { workshopId, bookings: moved });
  };

  /** One enrollment whose item may predate a change: compared with the schedule as of its event. */
  const followUp = async (
    event: RecordedEventOf<Followed>,
    workshopId: string,
    item: PurchasedItem,
    metadata: EventMetadata,
  ) => {
    if (!(await deps.projections.waitFor(event.position, ['schedule'], SCHEDULE_WAIT_MS)))
      throw new Error('the schedule has not reached this event yet');
    const listed = await deps.readStore.get<Workshop>('schedule', workshopId);
    if (!listed || changedWhenWhere(item, listed.doc).length === 0) return;
    const now = await workshopNow(workshopId);
    if (now) await follow(enrollmentIdOf(event), workshopId, changeIdOf(event), now.to, metadata, true);
  };

  return defineReactor<Followed>({
    name: RESCHEDULE_REACTOR,
    eventTypes: ['WorkshopUpdated', 'EnrollmentSubmitted', 'EnrollmentConfirmed', 'EnrollmentTransferred'],
    async handle(event, { metadata }) {
      switch (event.type) {
        case 'WorkshopUpdated':
          return followWorkshop(event.data.workshop.id, changeIdOf(event), metadata);
        case 'EnrollmentSubmitted': {
          const { workshopId, item, test } = event.data;
          if (workshopId && !test && item.kind === 'workshop') await followUp(event, workshopId, item, metadata);
          return;
        }
        case 'EnrollmentTransferred':
          return followUp(event, event.data.toWorkshopId, event.data.item, metadata);
        case 'EnrollmentConfirmed': {
          const stream = enrollmentStream(enrollmentIdOf(event));
          let state = await deps.commands.state(enrollmentDecider, stream, 1_000);
          if (state.status === 'none') state = await deps.commands.state(enrollmentDecider, stream, 0);
          if (state.submission && state.workshopId && state.item.kind === 'workshop')
            await followUp(event, state.workshopId, state.item, metadata);
          return;
        }
      }
    },
  });
}
